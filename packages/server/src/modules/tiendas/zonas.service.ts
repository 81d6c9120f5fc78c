import {
  centavosToPesos,
  mensajeFueraDeZona,
  prepareZonas,
  zonaDeEntrega,
  type CotizacionEnvio,
  type CotizarEnvio,
  type DestinoDeEnvio,
  type Punto,
  type ZonaParaCotizar,
  type ZonaPublica,
  type ZonaVista,
} from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { cachedByTiendaVersion } from '../../lib/tienda-version-cache.js';
import { findPublicTiendaPuntoById } from './tienda.repository.js';
import { ubicacionDe } from './tienda.view.js';
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
    return { zonas, activas: prepareZonas(zonas) };
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

/**
 * `cotizarenvio`: the zone of a publicly visible shop an address falls in, as the checkout will
 * charge it (docs/api.md, "Delivery zones"). A shop without active zones answers no zone and no
 * message (its flat shipping applies); an address outside them, the checkout's FUERA_DE_ZONA
 * text. An unknown or hidden shop is 404, as its public page is. One indexed read: the zones
 * come prepared from the per-version cache.
 */
export async function quoteEnvio(db: DbOrTx, input: CotizarEnvio): Promise<CotizacionEnvio> {
  const tienda = await findPublicTiendaPuntoById(db, input.tiendaId);
  if (!tienda) throw new AppError('NO_ENCONTRADO', 'La tienda no existe o no está disponible');
  const zonas = await loadZonasDeTienda(db, tienda.id, tienda.version);
  if (zonas.activas.length === 0) return { zona: null, mensaje: null };
  const zona = findZona(zonas, ubicacionDe(tienda), input);
  if (zona === undefined) return { zona: null, mensaje: mensajeFueraDeZona(zonas.zonas) };
  return {
    zona: {
      nombre: zona.nombre,
      costoDeEnvio: centavosToPesos(zona.costoDeEnvio),
      montoMinimo: centavosToPesos(zona.montoMinimo),
    },
    mensaje: null,
  };
}
