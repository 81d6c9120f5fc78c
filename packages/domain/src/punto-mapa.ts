import { z } from 'zod';

/**
 * A map point `{lat, lng}` as numbers, lat −90..90 and lng −180..180 (the shop's, a delivery
 * address's), each part refused with the caller's text.
 */
export function puntoMapaSchema(errors: { lat: string; lng: string; punto: string }) {
  return z.object(
    {
      lat: z.number({ error: errors.lat }).min(-90, errors.lat).max(90, errors.lat),
      lng: z.number({ error: errors.lng }).min(-180, errors.lng).max(180, errors.lng),
    },
    { error: errors.punto },
  );
}
