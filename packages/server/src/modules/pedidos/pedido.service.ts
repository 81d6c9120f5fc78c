import {
  centavosToPesos,
  enlaceMapa,
  opcionesVista,
  PEDIDO_STATUSES_ACTIVOS,
  PEDIDO_STATUSES_COCINA,
  pedidoWireMessages,
  vistaDeCocina,
  type MetodoPago,
  type OpcionElegida,
  type PedidosTiendaQuery,
  type PedidoVista,
  type QuienActuo,
  type TipoEntrega,
  type TipoEventoPedido,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction } from '../../db/group-commit.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { JsonAnswerCache, type CachedJson } from '../../http/json-answer-cache.js';
import { nowIso } from '../../lib/clock.js';
import { findContactosPublicosDeTiendas } from '../tiendas/tienda.service.js';
import type { PedidoEventBus, PedidoEvento } from './pedido-eventos.js';
import * as repo from './pedido.repository.js';

/**
 * An order's life once placed: its views, the owner's and the shopper's lists, accept, ready,
 * finish, cancel, paid, seen, lookups by tracking secret, and its events. Placing an order is the
 * checkout's (modules/checkout); it writes the order's rows and NUEVO event with the statements
 * re-exported below, in its own transaction (docs/write-path.md, "Modules on the order path").
 */

/** The live events of orders and the bus that carries them (pedido-eventos.ts). */
export type { PedidoEventBus, PedidoEvento } from './pedido-eventos.js';

/**
 * A new order's rows and its NUEVO event in one statement on PostgreSQL (the count of the
 * phone's NUEVO orders, the order, its lines, the stream locks, the event), and the transfer
 * reference that needs the order's id. The orders module owns these tables and the outbox's lock
 * order; the checkout calls them inside its transaction.
 */
export { insertPedidoNuevo, setPagoReferencia } from './pedido.repository.js';

/**
 * How each new order's event was made, for the orders counter (http/metrics.ts), which counts
 * at the bus's publish after the commit, where only the event is at hand. Weak: an event no one
 * holds any more is forgotten with it.
 */
const origenes = new WeakMap<PedidoEvento, 'WEB' | 'MANUAL'>();

/** Records how a new order's event was made (the checkout, for each order it places). */
export function setOrigenDePedidoNuevo(evento: PedidoEvento, origen: 'WEB' | 'MANUAL'): void {
  origenes.set(evento, origen);
}

/** WEB or MANUAL for a new order's event; undefined for any other event. */
export function origenDePedidoNuevo(evento: PedidoEvento): 'WEB' | 'MANUAL' | undefined {
  return origenes.get(evento);
}

/** An order as both roles read it (docs/api.md, "Checkout": the order answer). */
export type PedidoView = PedidoVista;

function parseOpciones(json: string): OpcionElegida[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as OpcionElegida[]) : [];
  } catch {
    return [];
  }
}

export async function toViews(db: DbOrTx, rows: repo.PedidoRow[]): Promise<PedidoView[]> {
  const detalles = await repo.listDetallesOf(
    db,
    rows.map((r) => r.id),
  );
  return viewsOf(rows, detalles);
}

function viewsOf(rows: repo.PedidoRow[], detalles: repo.DetalleRow[]): PedidoView[] {
  const byPedido = new Map<number, PedidoView['pedidoDetalles']>();
  for (const d of detalles) {
    const line = {
      productoId: d.producto_id,
      nombreProducto: d.nombre_producto,
      imagenProducto: d.imagen_producto,
      cantidad: d.cantidad,
      precio: centavosToPesos(d.precio),
      opciones: opcionesVista(parseOpciones(d.opciones)),
      nota: d.nota,
    };
    const list = byPedido.get(d.pedido_id);
    if (list) list.push(line);
    else byPedido.set(d.pedido_id, [line]);
  }
  return rows.map((r) => toView(r, byPedido.get(r.id) ?? []));
}

/** A who-acted column (JSON {nombreCompleto, rol}) as the view answers it. */
function quienActuo(json: string | null): QuienActuo | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Partial<QuienActuo>;
    return typeof value.nombreCompleto === 'string' && typeof value.rol === 'string'
      ? { nombreCompleto: value.nombreCompleto, rol: value.rol }
      : null;
  } catch {
    return null;
  }
}

/** What a who-acted column keeps of the session that acted. */
export function quienActuoDe(session: Session): string {
  return JSON.stringify({ nombreCompleto: session.nombreCompleto, rol: session.actor ?? 'DUENO' });
}

function toView(r: repo.PedidoRow, pedidoDetalles: PedidoView['pedidoDetalles']): PedidoView {
  const metodo = r.pago_metodo as MetodoPago;
  const transferencia =
    metodo === 'TRANSFERENCIA' && r.pago_clabe !== null
      ? { clabe: r.pago_clabe, banco: r.pago_banco ?? '', titular: r.pago_titular ?? '' }
      : {};
  return {
    id: r.id,
    tiendaId: r.tienda_id,
    usuarioId: r.account_id,
    status: r.status,
    fecha: r.fecha,
    programadoPara: r.programado_para,
    cantidadDeArticulos: r.cantidad_de_articulos,
    montoTotal: centavosToPesos(r.monto_total),
    costoDeEnvio: centavosToPesos(r.costo_de_envio),
    nombreTienda: r.nombre_tienda,
    usuarioTienda: r.usuario_tienda,
    tiendaImageUrl: r.tienda_image_url,
    celularTienda: r.celular_tienda,
    nombreCompleto: r.nombre_completo,
    celular: r.celular,
    direccionEntrega: r.direccion_entrega,
    entrega: {
      tipo: r.entrega_tipo as TipoEntrega,
      direccion: r.entrega_tipo === 'DOMICILIO' ? r.direccion_entrega : null,
      referencias: r.entrega_referencias,
      colonia: r.entrega_colonia,
      codigoPostal: r.entrega_codigo_postal,
      ubicacion:
        r.entrega_lat === null || r.entrega_lng === null
          ? null
          : { lat: Number(r.entrega_lat), lng: Number(r.entrega_lng) },
      zona:
        r.zona_nombre === null
          ? null
          : { nombre: r.zona_nombre, costoDeEnvio: centavosToPesos(r.costo_de_envio) },
    },
    pago: {
      metodo,
      pagaCon: r.paga_con === null ? null : centavosToPesos(r.paga_con),
      cambio: r.paga_con === null ? null : centavosToPesos(r.paga_con - r.monto_total),
      referencia: r.pago_referencia,
      pagado: r.pagado === 1,
      ...transferencia,
    },
    nota: r.nota,
    invitado: r.invitado === 1,
    origen: r.origen === 'MANUAL' ? 'MANUAL' : 'WEB',
    aceptadoEn: r.aceptado_en,
    listoEstimado: r.listo_estimado,
    motivoCancelacion: r.motivo_cancelacion,
    escalado: r.escalado === 1,
    vistoEn: r.visto_en,
    listoEn: r.listo_en,
    aceptadoPor: quienActuo(r.aceptado_por),
    listoPor: quienActuo(r.listo_por),
    completadoPor: quienActuo(r.completado_por),
    canceladoPor: quienActuo(r.cancelado_por),
    pedidoDetalles,
  };
}

/**
 * The kitchen's copy of an order (docs/api.md, "Staff and the kitchen"): what to cook and for
 * whom, without the customer's phone, address or the shop's transfer details. The zone's name
 * stays (it tells the cook the order travels).
 */
export function paraCocina(view: PedidoView): PedidoView {
  const { clabe: _clabe, banco: _banco, titular: _titular, ...pago } = view.pago;
  return {
    ...view,
    celular: '',
    direccionEntrega: '',
    entrega: {
      ...view.entrega,
      direccion: null,
      referencias: null,
      colonia: null,
      codigoPostal: null,
      ubicacion: null,
    },
    pago,
  };
}

/** An order as a shop's session may read it: the kitchen's copy for COCINA, else all of it. */
export function vistaParaSesion(session: Session, view: PedidoView): PedidoView {
  return vistaDeCocina(session.actor) ? paraCocina(view) : view;
}

/**
 * The statuses a shop's list is narrowed to, or undefined for all: the `status` and `activos`
 * filters as sent, and for the kitchen only ACEPTADO and LISTO whatever else is asked. An empty
 * list: no order can match.
 */
function statusesDeLista(session: Session, query: OwnerPedidoQuery): readonly string[] | undefined {
  let statuses: readonly string[] | undefined = query.activos ? PEDIDO_STATUSES_ACTIVOS : undefined;
  if (query.status !== undefined) {
    statuses = (statuses ?? [query.status]).filter((s) => s === query.status);
  }
  if (vistaDeCocina(session.actor)) {
    const cocina: readonly string[] = PEDIDO_STATUSES_COCINA;
    statuses = (statuses ?? cocina).filter((s) => cocina.includes(s));
  }
  return statuses;
}

/**
 * The shopper's and the guest's answers: each order with `recogerEn`, where a pickup order is
 * collected (the shop's name, address, public phone and maps link as they are now; null for
 * delivery), read for all the orders' shops at once (docs/api.md, "Shop address and public
 * phone"). The owner's answers go without it.
 */
export async function conRecogerEn(db: DbOrTx, views: PedidoView[]): Promise<PedidoView[]> {
  const ids = [
    ...new Set(views.filter((v) => v.entrega.tipo === 'RECOGER').map((v) => v.tiendaId)),
  ];
  const contactos = await findContactosPublicosDeTiendas(db, ids);
  return views.map((v) => {
    const contacto = v.entrega.tipo === 'RECOGER' ? contactos.get(v.tiendaId) : undefined;
    const recogerEn = contacto
      ? {
          nombre: contacto.nombre,
          direccion: contacto.direccion,
          telefono: contacto.telefono,
          mapa: enlaceMapa(contacto),
        }
      : null;
    return { ...v, recogerEn };
  });
}

export async function listPedidosOfShopper(db: Db, session: Session): Promise<PedidoView[]> {
  const rows = await repo.listPedidos(db, { accountId: session.accountId, limite: 1000 });
  return conRecogerEn(db, await toViews(db, rows));
}

/** The owner's list filters as the request carries them (pedidosTiendaQuerySchema). */
export type OwnerPedidoQuery = Omit<NonNullable<PedidosTiendaQuery>, 'token'>;

/**
 * The shop's orders, newest first; `etag` changes with every new order or status change. The
 * kitchen (COCINA) gets its own list: accepted and ready orders only, as paraCocina copies them,
 * under an ETag of its own (`k`), so a cached answer never crosses between the two.
 */
export async function listPedidosOfTienda(
  db: Db,
  session: Session,
  query: OwnerPedidoQuery,
): Promise<{ etag: string; load: () => Promise<PedidoView[]> }> {
  const version = await repo.findPedidosVersion(db, session.tiendaId);
  if (version === undefined) throw new AppError('PROHIBIDO', 'Tu cuenta no tiene una tienda');
  const cocina = vistaDeCocina(session.actor);
  const key = [
    cocina ? 'k' : '',
    query.status ?? '',
    query.activos ? 'a' : '',
    query.sinAtender ? 's' : '',
    query.desde ?? '',
    query.antes ?? '',
    query.limite ?? '',
  ].join('.');
  const statuses = statusesDeLista(session, query);
  return {
    etag: `W/"p${session.tiendaId}v${version}q${key}"`,
    load: async () => {
      if (statuses?.length === 0) return [];
      const views = await toViews(
        db,
        await repo.listPedidos(db, {
          tiendaId: session.tiendaId,
          statuses,
          sinAtender: query.sinAtender,
          desde: query.desde,
          antes: query.antes,
          limite: query.limite ?? 500,
        }),
      );
      return cocina ? views.map(paraCocina) : views;
    },
  };
}

/** The owner's list answer: 304 (no `entry`) or the list serialised once under its ETag. */
export interface OwnerListAnswer {
  etag: string;
  /** Undefined when If-None-Match names this exact list: answer 304. */
  entry?: CachedJson;
  /** Where `entry` is kept (its gzip copy is made and counted there). */
  cache: JsonAnswerCache;
}

/**
 * The owners' order lists of one server, answered by ETag and kept serialised: 500 orders with
 * their lines are about 300 KB (docs/performance.md). The ETag names the shop, its order version
 * and the query: one exact list, so a shop's phone and kitchen tablet reloading the same list
 * share one read and one gzip, and a change never serves a stale one.
 */
export function createOwnerPedidoLists(db: Db) {
  const cache = new JsonAnswerCache(200, 128 * 1024 * 1024);
  return {
    async read(
      session: Session,
      query: OwnerPedidoQuery,
      ifNoneMatch: string | undefined,
    ): Promise<OwnerListAnswer> {
      const answer = await listPedidosOfTienda(db, session, query);
      if (matchesIfNoneMatch(ifNoneMatch, answer.etag)) return { etag: answer.etag, cache };
      const entry =
        cache.get(answer.etag) ?? cache.set(answer.etag, JSON.stringify(await answer.load()));
      return { etag: answer.etag, entry, cache };
    },
  };
}
export type OwnerPedidoLists = ReturnType<typeof createOwnerPedidoLists>;

/** An order by id; with `recogerEn` (conRecogerEn) for a shopper's or a guest's answer. */
export async function findPedidoView(
  db: Db,
  id: number,
  options: { recogerEn?: boolean } = {},
): Promise<PedidoView | undefined> {
  const pedido = (await findPedidoConSeguimiento(db, id))?.pedido;
  if (!pedido || !options.recogerEn) return pedido;
  return (await conRecogerEn(db, [pedido]))[0];
}

/** An order with its tracking secret (alerts link a guest to the tracking page), by id. */
export async function findPedidoConSeguimiento(
  db: Db,
  id: number,
): Promise<{ pedido: PedidoView; seguimiento: string | null } | undefined> {
  const found = await repo.findPedidoConDetalles(db, id);
  if (!found) return undefined;
  return { pedido: viewsOf([found.row], found.detalles)[0]!, seguimiento: found.row.seguimiento };
}

/** Event types of changes that are not a status: the owner opened the order, or it was paid. */
export const TIPO_VISTO = 'VISTO';
export const TIPO_PAGADO = 'PAGADO';

/** The order a shop's change is about, when it happens and who makes it (quienActuoDe). */
interface CambioPedido {
  id: number;
  tiendaId: number;
  now: string;
  por: string;
}

/**
 * One kind of change: `change`, given the CambioPedido, answers whether it applied; when it did
 * not, `onRefused` says why (undefined: nothing to refuse, the order already was so); `tipo` is
 * the event it writes when it did.
 */
interface CambioDePedido {
  change: (trx: DbOrTx, cambio: CambioPedido) => Promise<boolean>;
  onRefused: (pedido: { status: string }) => AppError | undefined;
  tipo: TipoEventoPedido;
}

/**
 * One change of an order by its shop, in a transaction shared with SQLite's group commit like
 * checkout (an owner working the board must not hold up every other request while its own
 * commit reaches the disk): when it applies, an event of its `tipo` goes to the outbox and the
 * live streams. That event is also what moves the owner's list version (findPedidosVersion), so
 * every change writes one (docs/write-path.md).
 */
async function changePedido(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  pedidoId: number,
  { change, onRefused, tipo }: CambioDePedido,
): Promise<PedidoView> {
  const evento = await runInWriteTransaction(db, async (trx): Promise<PedidoEvento | undefined> => {
    const now = nowIso();
    const done = await change(trx, {
      id: pedidoId,
      tiendaId: session.tiendaId,
      now,
      por: quienActuoDe(session),
    });
    const pedido = await repo.findPedidoOfTienda(trx, pedidoId, session.tiendaId);
    if (!pedido) throw new AppError('NO_ENCONTRADO', 'El pedido no existe');
    if (!done) {
      const refusal = onRefused(pedido);
      if (refusal) throw refusal;
      return undefined;
    }
    const pedidoEvento = {
      tiendaId: session.tiendaId,
      accountId: pedido.account_id,
      pedidoId,
      tipo,
    };
    const id = await repo.insertPedidoEvento(trx, { ...pedidoEvento, now });
    return { id, ...pedidoEvento };
  });
  if (evento) await publishQuietly(bus, evento);
  return vistaParaSesion(session, (await findPedidoView(db, pedidoId))!);
}

const estadoInvalido = (pedido: { status: string }) =>
  new AppError('ESTADO_INVALIDO', `El pedido ya está ${pedido.status}`);

/**
 * NUEVO, ACEPTADO or LISTO to COMPLETADO or CANCELADO (with an optional reason), recording who
 * did it (completadoPor, canceladoPor).
 */
export function finishPedido(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  pedidoId: number,
  status: 'COMPLETADO' | 'CANCELADO',
  motivo: string | null = null,
): Promise<PedidoView> {
  return changePedido(db, bus, session, pedidoId, {
    change: (trx, cambio) => repo.finishPedido(trx, { ...cambio, status, motivo }),
    onRefused: estadoInvalido,
    tipo: status,
  });
}

/**
 * NUEVO to ACEPTADO, ready in `minutos`; an order for later accepted without `minutos` is ready
 * at its slot (docs/api.md, "Orders for later"). Records who accepted it (aceptadoPor).
 */
export function acceptPedido(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  pedidoId: number,
  minutos: number | undefined,
): Promise<PedidoView> {
  return changePedido(db, bus, session, pedidoId, {
    change: (trx, cambio) =>
      repo.acceptPedido(trx, {
        ...cambio,
        listoEstimado:
          minutos === undefined
            ? undefined
            : new Date(Date.parse(cambio.now) + minutos * 60_000).toISOString(),
      }),
    onRefused: (pedido) =>
      pedido.status === 'NUEVO' && minutos === undefined
        ? new AppError('VALIDACION', pedidoWireMessages.minutosAceptar)
        : estadoInvalido(pedido),
    tipo: 'ACEPTADO',
  });
}

/**
 * ACEPTADO to LISTO (docs/api.md, "Staff and the kitchen"): `listoEn` now and who marked it
 * (listoPor); from any other state 409 ESTADO_INVALIDO. Its LISTO event tells the shopper or
 * the guest (streams and push) that the order is ready or on its way.
 */
export function markListo(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  pedidoId: number,
): Promise<PedidoView> {
  return changePedido(db, bus, session, pedidoId, {
    change: repo.markListo,
    onRefused: estadoInvalido,
    tipo: 'LISTO',
  });
}

/** Marks that a second time change nothing, and refuse nothing. */
const alreadySo = () => undefined;

/** The payment arrived (a transfer, say). Marking it twice changes nothing. */
export function markPagado(db: Db, bus: PedidoEventBus, session: Session, pedidoId: number) {
  return changePedido(db, bus, session, pedidoId, {
    change: repo.markPagado,
    onRefused: alreadySo,
    tipo: TIPO_PAGADO,
  });
}

/** The owner opened the order: the first time is recorded (the "sin atender" filter). */
export function markVisto(db: Db, bus: PedidoEventBus, session: Session, pedidoId: number) {
  return changePedido(db, bus, session, pedidoId, {
    change: repo.markVisto,
    onRefused: alreadySo,
    tipo: TIPO_VISTO,
  });
}

async function findRowBySeguimiento(db: Db, seguimiento: string) {
  const row = await repo.findPedidoBySeguimiento(db, seguimiento);
  if (!row) throw new AppError('NO_ENCONTRADO', 'No encontramos ese pedido');
  return row;
}

/** A guest's (or a shared link's) order by its tracking secret. */
export async function findPedidoBySeguimiento(db: Db, seguimiento: string): Promise<PedidoView> {
  const views = await toViews(db, [await findRowBySeguimiento(db, seguimiento)]);
  return (await conRecogerEn(db, views))[0]!;
}

/** The id of the order a tracking secret names (its live stream follows that order). */
export async function findPedidoIdBySeguimiento(db: Db, seguimiento: string): Promise<number> {
  return (await findRowBySeguimiento(db, seguimiento)).id;
}

/**
 * The order is committed whatever happens here: a stream that misses this live event gets it
 * from the outbox when it reconnects with Last-Event-ID, and polling sees it anyway.
 */
export async function publishQuietly(bus: PedidoEventBus, evento: PedidoEvento) {
  try {
    await bus.publish(evento);
  } catch {
    // Deliberately ignored: see above.
  }
}

/** The newest event of one stream (0 when none): a new stream sends only what comes after it. */
export function findLastEventoId(db: Db, filter: repo.EventoFilter): Promise<number> {
  return repo.findLastEventoId(db, filter);
}

/** Order events after `afterId` for one shop or one shopper, oldest first (stream catch-up). */
export async function listEventosSince(
  db: Db,
  filter: repo.EventoFilter,
  afterId: number,
  limit: number,
): Promise<PedidoEvento[]> {
  const rows = await repo.listEventosSince(db, filter, afterId, limit);
  return rows.map((r) => ({
    id: r.id,
    tiendaId: r.tienda_id,
    accountId: r.account_id,
    pedidoId: r.pedido_id,
    tipo: r.tipo,
  }));
}
