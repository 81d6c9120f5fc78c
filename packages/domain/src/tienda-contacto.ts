import { z } from 'zod';
import { celularSchema } from './account.schema.js';
import { puntoMapaSchema } from './punto-mapa.js';

// Where to find a shop and how to call it (docs/api.md, "Shop address and public phone"): the
// owner's `direccion`, `telefono` and `ubicacion` in `updatetienda`, every shop answer, and the
// pickup block of the shopper's and the guest's order answers. The maps and call links are
// tienda-enlaces.ts'.

export const DIRECCION_TIENDA_MIN = 5;
export const DIRECCION_TIENDA_MAX = 200;

export const tiendaContactoMessages = {
  direccion: `La dirección de la tienda debe tener de ${DIRECCION_TIENDA_MIN} a ${DIRECCION_TIENDA_MAX} caracteres`,
  ubicacion: 'El punto en el mapa debe tener latitud (lat) y longitud (lng), o ser null',
  lat: 'La latitud (lat) del punto en el mapa debe ser un número de -90 a 90',
  lng: 'La longitud (lng) del punto en el mapa debe ser un número de -180 a 180',
} as const;

/** null, or the address trimmed (NFC) with 5 to 200 characters. */
export const direccionTiendaSchema = z
  .string({ error: tiendaContactoMessages.direccion })
  // A pasted novel is refused before it is normalised.
  .max(DIRECCION_TIENDA_MAX * 4, tiendaContactoMessages.direccion)
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(DIRECCION_TIENDA_MIN, tiendaContactoMessages.direccion)
      .max(DIRECCION_TIENDA_MAX, tiendaContactoMessages.direccion),
  )
  .nullable();

/**
 * The shop's map point (docs/api.md, "Shop address and public phone"): `{lat, lng}` as numbers,
 * lat −90..90 and lng −180..180; null removes it.
 */
export const ubicacionTiendaSchema = puntoMapaSchema({
  lat: tiendaContactoMessages.lat,
  lng: tiendaContactoMessages.lng,
  punto: tiendaContactoMessages.ubicacion,
}).nullable();

/**
 * `updatetienda`'s `direccion`, `telefono` and `ubicacion`: each left out keeps what is stored,
 * null removes it. The phone is read as every typed phone is (celularSchema: spaces, dashes,
 * dots, parentheses, +52 or +52 1) and kept as its 10 digits.
 */
export const contactoTiendaSchema = z.object({
  direccion: direccionTiendaSchema.optional(),
  telefono: celularSchema.nullable().optional(),
  ubicacion: ubicacionTiendaSchema.optional(),
});
export type ContactoTienda = z.output<typeof contactoTiendaSchema>;

/**
 * Where a pickup order is collected, in the shopper's and the guest's order answers: the shop's
 * name, address and public phone as they are now, and the maps link (null when unknown).
 */
export const recogerEnSchema = z.object({
  nombre: z.string(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  mapa: z.string().nullable(),
});
export type RecogerEn = z.output<typeof recogerEnSchema>;
