import {
  centavosToPesos,
  prepararZonas,
  zonaDeEntrega,
  type DestinoDeEnvio,
  type Punto,
  type ZonaParaCotizar,
  type ZonaPublica,
  type ZonaVista,
} from '@tianguis/domain';
import { cachedByTiendaVersion } from '../../lib/tienda-version-cache.js';
import { readZonas, type ZonaGuardada } from './zonas.repository.js';

export { readZonas, replaceZonas, type ZonaGuardada } from './zonas.repository.js';

/** A shop's zones ready for the checkout and the quote: all of them, and the active ones prepared. */
export interface ZonasDeTienda {
  zonas: ZonaGuardada[];
  activas: ZonaParaCotizar<ZonaGuardada>[];
}

/**
 * One shop's zones, read once per shop version (every change to the zones raises it): the
 * checkout and `cotizarenvio` match an address without reading or preparing 20 zones of 200
 * colonias on every request.
 */
export const loadZonasDeTienda = cachedByTiendaVersion(
  async (db, tiendaId): Promise<ZonasDeTienda> => {
    const zonas = (await readZonas(db, [tiendaId])).get(tiendaId) ?? [];
    return { zonas, activas: prepararZonas(zonas) };
  },
);

/** The zone an address falls in (the first active one in the owner's order), or undefined. */
export function findZona(
  zonas: ZonasDeTienda,
  tienda: Punto | null,
  destino: DestinoDeEnvio,
): ZonaGuardada | undefined {
  return zonaDeEntrega(zonas.activas, tienda, destino);
}

/** A zone as the owner's and the admin's answers carry it (pesos). */
export function toZonaVista(z: ZonaGuardada): ZonaVista {
  return {
    id: z.id,
    nombre: z.nombre,
    colonias: z.colonias,
    codigosPostales: z.codigosPostales,
    radioKm: z.radioKm,
    costoDeEnvio: centavosToPesos(z.costoDeEnvio),
    montoMinimo: centavosToPesos(z.montoMinimo),
    activa: z.activa,
  };
}

/** The active zones as everyone else sees them: without `id`. */
export function toZonasPublicas(zonas: readonly ZonaGuardada[]): ZonaPublica[] {
  return zonas
    .filter((z) => z.activa)
    .map((z) => {
      const { id: _id, ...publica } = toZonaVista(z);
      return publica;
    });
}
