import { createHash } from 'node:crypto';
import {
  demoraVigente,
  getEstadoPedidos,
  type DiaEspecial,
  type HorarioDia,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { JsonAnswerCache, type CachedJson } from '../../http/json-answer-cache.js';
import { listDiasEspecialesOf, listHorariosOf } from '../horarios/horario.service.js';
import * as repo from './tienda.repository.js';
import * as catalogo from '../catalogo/catalogo.service.js';
import { loadGruposDeTiendas } from '../catalogo/opciones.service.js';
import type { CachedAnswer } from './tienda-lista.js';
import { assembleTiendas, gruposVista } from './tienda.view.js';
import { readZonas } from './zonas.service.js';

export interface PublicTiendaAnswer {
  etag: string;
  /** The serialised JSON, kept so a repeat visit costs one indexed read. */
  body: CachedJson;
}

const notFound = () => new AppError('NO_ENCONTRADO', 'La tienda no existe o no está disponible');

/**
 * What the time-dependent part of one shop version's answer is computed from: open or closed
 * now (hours, special days, pause), which products are sold out now and whether the busy delay
 * still holds. Small, so it is kept per version and evaluated on reads.
 */
interface EstadoInputs {
  nombre: string;
  timeZone: string;
  pausadoHasta: string | null;
  horarios: HorarioDia[];
  diasEspeciales: DiaEspecial[];
  /** Products with a sold-out mark (past or future), the mark's end in ms. */
  agotados: { id: number; hasta: number }[];
  /** The busy delay as stored (`demoraMin` is its minutes until `hasta`, then 0). */
  demora: { minutos: number; hasta: string | null };
  /** The last evaluation, right for every instant in [desde, hasta). */
  memo?: { desde: number; hasta: number; digest: string };
}

/** The state at `now` as one string: equal strings mean equal time-dependent fields. */
function estadoKeyOf(inputs: EstadoInputs, now: Date): string {
  const estado = getEstadoPedidos(inputs, inputs.horarios, inputs.diasEspeciales, now);
  let key = estado.abierta ? '1' : `0${estado.mensaje}`;
  for (const a of inputs.agotados) if (a.hasta > now.getTime()) key += `|${a.id}`;
  const demora = demoraVigente(inputs.demora, now);
  if (demora > 0) key += `|d${demora}`;
  return key;
}

const MINUTO = 60_000;

/**
 * The state's digest at `now`, evaluated again only when the last one may have ended: hours
 * and special days change only on a whole minute (HH:MM on the shop's clock), a pause or a
 * sold-out mark or a busy delay at its own instant. A closed shop's notice (its next opening) costs tens of
 * microseconds to write, so it is not written on every read.
 */
function estadoDigestAt(inputs: EstadoInputs, now: number): string {
  const memo = inputs.memo;
  if (memo && now >= memo.desde && now < memo.hasta) return memo.digest;
  const digest = digestOf(estadoKeyOf(inputs, new Date(now)));
  let hasta = Math.floor(now / MINUTO) * MINUTO + MINUTO;
  const pausa = inputs.pausadoHasta === null ? NaN : Date.parse(inputs.pausadoHasta);
  if (pausa > now && pausa < hasta) hasta = pausa;
  for (const a of inputs.agotados) if (a.hasta > now && a.hasta < hasta) hasta = a.hasta;
  const demora = inputs.demora.hasta === null ? NaN : Date.parse(inputs.demora.hasta);
  if (demora > now && demora < hasta) hasta = demora;
  inputs.memo = { desde: now, hasta, digest };
  return digest;
}

function digestOf(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 12);
}

/**
 * The one-shop public read (shop, visible categories and products, hours, special days, and
 * whether it takes orders now). Every change under a shop raises its version, and the
 * time-dependent fields (`abierta`, `mensajeCerrada`, each product's `agotado`, `demoraMin`) are
 * named by a digest of their value now, so (id, version, state) names one exact answer: it is
 * the ETag and the cache key, and stays right with several processes on one database and as the
 * clock moves (a shop opening, a pause, a sold-out mark or a busy delay ending) without any
 * write. A read costs one
 * indexed query and the state's evaluation; the answer is serialised again only when the
 * state changes.
 */
export type PublicTiendaReader = ReturnType<typeof createPublicTiendaReader>;

export function createPublicTiendaReader(db: Db, maxEntries = 2000) {
  const cache = new JsonAnswerCache(maxEntries, 64 * 1024 * 1024);
  /** By `t{id}v{version}`, least recently used first out. */
  const estados = new Map<string, EstadoInputs>();
  const versionKeyOf = (id: number, version: number) => `t${id}v${version}`;
  const etagOf = (versionKey: string, estadoDigest: string) => `W/"${versionKey}e${estadoDigest}"`;

  function keepEstado(key: string, inputs: EstadoInputs) {
    estados.delete(key);
    estados.set(key, inputs);
    while (estados.size > maxEntries) {
      const oldest = estados.keys().next().value;
      if (oldest === undefined) break;
      estados.delete(oldest);
    }
  }

  async function build(usuario: string): Promise<PublicTiendaAnswer | undefined> {
    const tienda = await repo.findPublicTiendaByUsuario(db, usuario);
    if (!tienda) return undefined;
    const [categorias, productos, grupos, horarios, diasEspeciales, zonas] = await Promise.all([
      catalogo.listCategoriasOf(db, [tienda.id]),
      catalogo.listProductosOf(db, [tienda.id], true),
      loadGruposDeTiendas(db, [tienda.id], true),
      listHorariosOf(db, tienda.id),
      listDiasEspecialesOf(db, tienda.id),
      readZonas(db, [tienda.id]),
    ]);
    const now = new Date();
    const [view] = assembleTiendas([tienda], categorias, productos, () => true, {
      now,
      grupos: gruposVista(grupos),
      seesPagos: () => false,
      zonas,
    });
    const inputs: EstadoInputs = {
      nombre: tienda.nombre,
      timeZone: tienda.time_zone,
      pausadoHasta: tienda.pausado_hasta,
      horarios,
      diasEspeciales,
      agotados: productos.flatMap((p) =>
        p.agotado_hasta === null ? [] : [{ id: p.id, hasta: Date.parse(p.agotado_hasta) }],
      ),
      demora: { minutos: tienda.demora_min, hasta: tienda.demora_hasta },
    };
    const versionKey = versionKeyOf(tienda.id, tienda.version);
    keepEstado(versionKey, inputs);
    const estado = getEstadoPedidos(inputs, horarios, diasEspeciales, now);
    const json = JSON.stringify({
      tienda: view,
      horarios,
      diasEspeciales,
      abierta: estado.abierta,
      mensajeCerrada: estado.mensaje,
    });
    // Kept under the version the answer was built from (the version may have moved between
    // the two reads), so a stale entry is simply missed next time.
    const etag = etagOf(versionKey, estadoDigestAt(inputs, now.getTime()));
    return { etag, body: cache.set(etag, json) };
  }

  /** The cache, for the routes that send its entries (gzip copies are kept in it too). */
  readPublicTienda.cache = cache;
  /** The JSON page's answer: 304 when the client's If-None-Match names the current one. */
  readPublicTienda.answer = async (
    usuario: string,
    ifNoneMatch: string | undefined,
  ): Promise<CachedAnswer> => {
    const { etag, body } = await readPublicTienda(usuario);
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { notModified: true, etag };
    return { notModified: false, etag, cache, key: etag, entry: body };
  };
  async function readPublicTienda(usuario: string): Promise<PublicTiendaAnswer> {
    const key = usuario.trim().toLowerCase();
    const current = await repo.findTiendaVersionByUsuario(db, key);
    if (!current) throw notFound();
    const versionKey = versionKeyOf(current.id, current.version);
    const inputs = estados.get(versionKey);
    if (inputs) {
      const etag = etagOf(versionKey, estadoDigestAt(inputs, Date.now()));
      const cached = cache.get(etag);
      if (cached) return { etag, body: cached };
    }
    const built = await build(key);
    if (!built) throw notFound();
    return built;
  }
  return readPublicTienda;
}
