// The links to a shop (docs/api.md, "Shop address and public phone"), built once for the
// server's answers and the web app's screens alike. No zod here: the public shop page imports
// them, and its first download has a budget (docs/performance.md).

/** A map point (the shop's `ubicacion` once it has one). */
export interface PuntoMapa {
  lat: number;
  lng: number;
}

const MAPS_BUSQUEDA = 'https://www.google.com/maps/search/?api=1&query=';

/**
 * The link that opens the shop in a maps app: its point when it has one, else its name and
 * address as the search; null without either.
 */
export function enlaceMapa(tienda: {
  nombre?: string | null;
  direccion?: string | null;
  ubicacion?: PuntoMapa | null;
}): string | null {
  const punto = tienda.ubicacion;
  const direccion = tienda.direccion?.trim();
  const nombre = tienda.nombre?.trim();
  if (punto) return `${MAPS_BUSQUEDA}${punto.lat},${punto.lng}`;
  if (!direccion) return null;
  // An unset name is stored as 'N/A': not worth searching.
  return (
    MAPS_BUSQUEDA +
    encodeURIComponent(nombre && nombre !== 'N/A' ? `${nombre}, ${direccion}` : direccion)
  );
}

/** `tel:+52` and the 10 digits, or null without a phone. */
export function enlaceLlamar(telefono: string | null | undefined): string | null {
  const digitos = telefono?.replace(/\D/g, '') ?? '';
  return digitos.length === 10 ? `tel:+52${digitos}` : null;
}
