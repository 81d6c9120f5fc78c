import { createHash } from 'node:crypto';
import {
  ahoraMin,
  franjasBase,
  franjasConCupo,
  getEstadoPedidos,
  getLocalDateTime,
  isTiendaVisible,
  type FranjaBase,
  type Programacion,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { JsonAnswerCache, type CachedJson } from '../../http/json-answer-cache.js';
import { cachedByTiendaVersion } from '../../lib/tienda-version-cache.js';
import { findCalendarioDe } from '../horarios/horario.service.js';
import {
  countPorFranja,
  findProgramacionDeTienda,
  findTiendaProgramable,
  hasProductoVisible,
} from './franjas.repository.js';
import { demoraDe, programacionDe } from './programacion.view.js';

// `GET /api/tienda/franjas/{usuario}` (docs/api.md, "Orders for later"): the slots a shop offers
// for orders for later, with the places left in each, and the estimate of an order placed now.

/** For the checkout's transaction: a slot's places taken (franjas.repository.ts). */
export { countEnFranja } from './franjas.repository.js';

/** A shop's orders-for-later settings, read once per shop version (a change raises it). */
export const findProgramacionDe = cachedByTiendaVersion(
  async (db, tiendaId): Promise<Programacion | undefined> => {
    const row = await findProgramacionDeTienda(db, tiendaId);
    return row && programacionDe(row);
  },
);

const notFound = () => new AppError('NO_ENCONTRADO', 'La tienda no existe o no está disponible');

/** Whether a shop has something to sell: any change to its products raises its version. */
const hasProductoVisibleDe = cachedByTiendaVersion(hasProductoVisible);

/**
 * A shop's slots as the domain tiled them at `desde` (franjasBase): right for any later instant
 * of the same local day under the same shop version, once the slots now too close are dropped
 * (a later "now" only cuts more from the front; the days listed change with the date).
 */
interface Tiling {
  key: string;
  desde: number;
  franjas: FranjaBase[];
}

export type FranjasReader = ReturnType<typeof createFranjasReader>;

/**
 * The slot listing, per request: the shop (one indexed query), whether it has something to sell
 * and its week and special days (both kept under its version), the tiling of its slots (kept per shop, version and local
 * day: tiling 7 days of 15-minute slots costs about as much as the rest of the request), and,
 * when the shop limits orders per slot, the places taken in every slot listed (one grouped
 * query). The answer's JSON, and its gzip, are kept under what it is made of (version, day,
 * first slot, the estimate and the places taken), so a listing asked again while nothing changed
 * is a lookup. Correct with several processes on one database: every input is read each time.
 */
export function createFranjasReader(db: Db, maxShops = 2000) {
  const tilings = new Map<number, Tiling>();
  const answers = new JsonAnswerCache(maxShops, 32 * 1024 * 1024);

  function tilingOf(
    tiendaId: number,
    key: string,
    build: () => FranjaBase[],
    now: number,
  ): FranjaBase[] {
    const kept = tilings.get(tiendaId);
    tilings.delete(tiendaId);
    // Kept only while the clock moves forward from when it was made.
    if (kept && kept.key === key && now >= kept.desde) {
      tilings.set(tiendaId, kept);
      return kept.franjas;
    }
    const franjas = build();
    tilings.set(tiendaId, { key, desde: now, franjas });
    if (tilings.size > maxShops) tilings.delete(tilings.keys().next().value!);
    return franjas;
  }

  /** The listing of a publicly visible shop at `now`; 404 NO_ENCONTRADO as its public page. */
  async function read(usuario: string, now: Date): Promise<{ key: string; entry: CachedJson }> {
    const tienda = await findTiendaProgramable(db, usuario.trim().toLowerCase());
    if (!tienda || !isTiendaVisible(tienda)) throw notFound();
    const [visible, { horarios, diasEspeciales }] = await Promise.all([
      hasProductoVisibleDe(db, tienda.id, tienda.version),
      findCalendarioDe(db, tienda.id, tienda.version),
    ]);
    if (!visible) throw notFound();
    const programacion = programacionDe(tienda);
    const timeZone = tienda.time_zone;
    const hoy = getLocalDateTime(now, timeZone).fecha;
    const tilingKey = `${tienda.version}|${timeZone}|${hoy}`;
    const todas = tilingOf(
      tienda.id,
      tilingKey,
      () => franjasBase({ programacion, horarios, diasEspeciales, timeZone }, now),
      now.getTime(),
    );
    // franjasBase's own cut at this instant: the first start at least preparacionMin from now.
    const desde = now.getTime() + programacion.preparacionMin * 60_000;
    let primera = todas.findIndex((f) => f.inicio >= desde);
    if (primera < 0) primera = todas.length;
    const ofrecidas = todas.slice(primera);

    const limite = programacion.pedidosPorIntervalo;
    const ocupados =
      limite === null || ofrecidas.length === 0
        ? new Map<number, number>()
        : await countPorFranja(
            db,
            tienda.id,
            new Date(ofrecidas[0]!.inicio).toISOString(),
            new Date(ofrecidas.at(-1)!.inicio).toISOString(),
          );
    // The shop is active (the visibility rule); open now and not paused is the domain's `abierta`.
    const estado = getEstadoPedidos(
      { nombre: tienda.nombre, timeZone, pausadoHasta: tienda.pausado_hasta },
      horarios,
      diasEspeciales,
      now,
    );
    const estimado = ahoraMin(programacion, demoraDe(tienda, now), estado.abierta);

    let taken = '';
    for (const [inicio, n] of ocupados) taken += `${inicio}:${n},`;
    const key = `t${tienda.id}|${tilingKey}|${primera}|${estimado}|${digestOf(taken)}`;
    const kept = answers.get(key);
    if (kept) return { key, entry: kept };
    const json = JSON.stringify({
      ahoraMin: estimado,
      franjas: franjasConCupo(ofrecidas, limite, (inicio) => ocupados.get(inicio) ?? 0),
    });
    return { key, entry: answers.set(key, json) };
  }

  /** The answers kept, for the route that sends them (their gzip copies are kept there too). */
  read.cache = answers;
  return read;
}

function digestOf(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 16);
}
