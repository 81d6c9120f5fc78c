import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import {
  PEDIDO_STATUSES_ACTIVOS,
  REGLA_DESATENDIDO,
  type TipoEventoPedido,
} from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { PedidoTable } from './pedido.table.js';
import type { Insertable } from 'kysely';

export type NewPedido = Insertable<PedidoTable>;

const PEDIDO_COLUMNS = [
  'tienda_id',
  'account_id',
  'status',
  'fecha',
  'cantidad_de_articulos',
  'subtotal',
  'costo_de_envio',
  'monto_total',
  'nombre_tienda',
  'usuario_tienda',
  'tienda_image_url',
  'celular_tienda',
  'nombre_completo',
  'celular',
  'direccion_entrega',
  'idempotency_key',
  'updated_at',
  'entrega_tipo',
  'entrega_referencias',
  'pago_metodo',
  'paga_con',
  'pago_clabe',
  'pago_banco',
  'pago_titular',
  'nota',
  'invitado',
  'origen',
  'seguimiento',
  'idempotency_hash',
  'entrega_colonia',
  'entrega_codigo_postal',
  'entrega_lat',
  'entrega_lng',
  'zona_nombre',
  'programado_para',
] as const satisfies readonly (keyof NewPedido)[];

// Every column named, so the statement's shape never depends on which fields a call leaves out.
const insertPedidoQuery = preparedQuery(
  (db, ...values: NewPedido[(typeof PEDIDO_COLUMNS)[number]][]) =>
    db
      .insertInto('pedido')
      .values(Object.fromEntries(PEDIDO_COLUMNS.map((c, i) => [c, values[i]])) as NewPedido)
      .returning('id'),
);

function insertPedidoRow(db: DbOrTx, pedido: NewPedido) {
  return insertPedidoQuery(db, ...PEDIDO_COLUMNS.map((c) => pedido[c] ?? null));
}

export interface NewPedidoDetalle {
  producto_id: number;
  nombre_producto: string;
  imagen_producto: string;
  cantidad: number;
  precio: number;
  opciones: string;
  nota: string | null;
}

/**
 * A new order, its lines and its `NUEVO` event; answers their ids, or undefined when `limite`
 * refuses it: `limite.max` NUEVO orders of its phone (or its account) at the shop already. The
 * caller holds the lock of that phone at the shop (the checkout's lockCelularAndFindByKey), taken in an earlier
 * statement: this statement's snapshot is then taken after the lock, so it counts every order
 * the lock's previous holder committed.
 *
 * On PostgreSQL it is one statement (docs/write-path.md, "Round trips on PostgreSQL"): the count,
 * the order, its lines, the event stream locks and the event row. On SQLite, where a
 * statement costs no round trip, they are separate ones.
 */
export async function insertPedidoNuevo(
  db: DbOrTx,
  pedido: NewPedido & { tienda_id: number; fecha: string },
  detalles: readonly NewPedidoDetalle[],
  limite: { celular: string; max: number } | null,
): Promise<{ pedidoId: number; eventoId: number } | undefined> {
  const accountId = pedido.account_id ?? null;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    if (limite) {
      const nuevos = await countNuevosDe(db, pedido.tienda_id, limite.celular, accountId);
      if (nuevos >= limite.max) return undefined;
    }
    const { id: pedidoId } = (await insertPedidoRow(db, pedido)).rows[0]!;
    await db
      .insertInto('pedido_detalle')
      .values(detalles.map((d) => ({ ...d, pedido_id: pedidoId, tienda_id: pedido.tienda_id })))
      .execute();
    const eventoId = await insertPedidoEvento(db, {
      tiendaId: pedido.tienda_id,
      accountId,
      pedidoId,
      tipo: 'NUEVO',
      now: pedido.fecha,
    });
    return { pedidoId, eventoId };
  }
  const valores = PEDIDO_COLUMNS.map((c) => sql`${pedido[c] ?? null}`);
  const lineas = detalles.map(
    (d) =>
      sql`(${d.producto_id}::int, ${d.nombre_producto}::text, ${d.imagen_producto}::text, ${d.cantidad}::int, ${d.precio}::int, ${d.opciones}::text, ${d.nota}::text)`,
  );
  // `c` counts before the order exists; `p` inserts only when the count allows it (an INSERT's
  // SELECT takes its parameters' types from the columns). The stream locks are held before the
  // event's id is drawn, as in insertPedidoEventos.
  const { rows } = await sql<{ pedido_id: number; id: number }>`
    WITH c AS MATERIALIZED (
      SELECT ${nuevosDe(pedido.tienda_id, limite?.celular ?? '', accountId)} AS n
    ), p AS (
      INSERT INTO pedido (${sql.join(PEDIDO_COLUMNS.map((c) => sql.ref(c)))})
      SELECT ${sql.join(valores)} FROM c WHERE ${limite?.max ?? null}::int IS NULL OR c.n < ${limite?.max ?? null}::int
      RETURNING id, tienda_id, account_id
    ), d AS (
      INSERT INTO pedido_detalle (pedido_id, tienda_id, producto_id, nombre_producto,
        imagen_producto, cantidad, precio, opciones, nota)
      SELECT p.id, p.tienda_id, d.* FROM p, (VALUES ${sql.join(lineas)}) AS d
    ), ${eventoLocksAndRows(
      [{ tiendaId: pedido.tienda_id, accountId }],
      sql`SELECT p.tienda_id, p.account_id, p.id, 'NUEVO', ${pedido.fecha} FROM p`,
    )}
    ${selectEventos}`.execute(db);
  const row = rows[0];
  return row && { pedidoId: Number(row.pedido_id), eventoId: Number(row.id) };
}

/**
 * The number of NUEVO orders at a shop from one phone, plus those of one account there under
 * another phone: two seeks of the partial indexes `pedido_nuevo_celular` and
 * `pedido_nuevo_account` (migration 2026_11_28_1200). `status = 'NUEVO'` is written as a
 * literal so that both databases use them; an `OR` of the two halves walked every NUEVO order
 * of the shop instead.
 */
function nuevosDe(tiendaId: number, celular: string, accountId: number | null) {
  const porCelular = sql`(SELECT count(*) FROM pedido
    WHERE tienda_id = ${tiendaId} AND celular = ${celular} AND status = 'NUEVO')`;
  if (accountId === null) return porCelular;
  return sql`${porCelular} + (SELECT count(*) FROM pedido
    WHERE account_id = ${accountId} AND tienda_id = ${tiendaId} AND status = 'NUEVO'
      AND celular <> ${celular})`;
}

/** NUEVO orders at one shop from one phone (or one account). */
export async function countNuevosDe(
  db: DbOrTx,
  tiendaId: number,
  celular: string,
  accountId: number | null,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT ${nuevosDe(
    tiendaId,
    celular,
    accountId,
  )} AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function setPagoReferencia(db: DbOrTx, id: number, referencia: string) {
  await db
    .updateTable('pedido')
    .set({ pago_referencia: referencia })
    .where('id', '=', id)
    .execute();
}

export function findPedidoBySeguimiento(db: DbOrTx, seguimiento: string) {
  return db
    .selectFrom('pedido')
    .selectAll()
    .where('seguimiento', '=', seguimiento)
    .executeTakeFirst();
}

/** NUEVO to ACEPTADO with its ready time and who accepted it, in one UPDATE. */
export async function acceptPedido(
  db: DbOrTx,
  /** Without `listoEstimado` an order for later is ready at its slot; one for now is refused. */
  values: {
    id: number;
    tiendaId: number;
    now: string;
    listoEstimado: string | undefined;
    /** Who accepted it (JSON {nombreCompleto, rol}). */
    por: string;
  },
) {
  let query = db
    .updateTable('pedido')
    .set((eb) => ({
      status: 'ACEPTADO',
      aceptado_en: values.now,
      listo_estimado: values.listoEstimado ?? eb.ref('programado_para'),
      aceptado_por: values.por,
      updated_at: values.now,
    }))
    .where('id', '=', values.id)
    .where('tienda_id', '=', values.tiendaId)
    .where('status', '=', 'NUEVO');
  if (values.listoEstimado === undefined) query = query.where('programado_para', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markPagado(
  db: DbOrTx,
  values: { id: number; tiendaId: number; now: string },
) {
  const result = await db
    .updateTable('pedido')
    .set({ pagado: 1, updated_at: values.now })
    .where('id', '=', values.id)
    .where('tienda_id', '=', values.tiendaId)
    .where('pagado', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The first time the owner opens the order; later calls change nothing. */
export async function markVisto(db: DbOrTx, values: { id: number; tiendaId: number; now: string }) {
  const result = await db
    .updateTable('pedido')
    .set({ visto_en: values.now })
    .where('id', '=', values.id)
    .where('tienda_id', '=', values.tiendaId)
    .where('visto_en', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PedidoFilter {
  tiendaId?: number;
  accountId?: number;
  status?: string;
  /** Any of these statuses (the owner's active tab). */
  statuses?: readonly string[];
  /** Escalated, or cancelled without ever being seen by the owner. */
  sinAtender?: boolean;
  /** Only orders with a greater id (new since the last poll). */
  desde?: number;
  /** Only orders with a smaller id (the next page back). */
  antes?: number;
  limite: number;
}

export function listPedidos(db: DbOrTx, f: PedidoFilter) {
  let query = db.selectFrom('pedido').selectAll();
  if (f.tiendaId !== undefined) query = query.where('tienda_id', '=', f.tiendaId);
  if (f.accountId !== undefined) query = query.where('account_id', '=', f.accountId);
  if (f.status !== undefined) query = query.where('status', '=', f.status);
  if (f.statuses !== undefined) query = query.where('status', 'in', [...f.statuses]);
  if (f.sinAtender) {
    // The domain's rule (isPedidoDesatendido), which the owner's board applies to its list.
    query = query.where((eb) =>
      eb.or([
        eb('escalado', '=', REGLA_DESATENDIDO.escalado ? 1 : 0),
        eb.and([eb('status', '=', REGLA_DESATENDIDO.statusSinVer), eb('visto_en', 'is', null)]),
      ]),
    );
  }
  if (f.desde !== undefined) query = query.where('id', '>', f.desde);
  if (f.antes !== undefined) query = query.where('id', '<', f.antes);
  return query.orderBy('id', 'desc').limit(f.limite).execute();
}

export type PedidoRow = Awaited<ReturnType<typeof listPedidos>>[number];

/**
 * Marks as escalated the orders still NUEVO, not escalated, not typed by the owner and placed
 * after `desde` and at or before `cutoff` (at most `limite`, oldest first), and answers them:
 * the UPDATE is the claim, so of several instances sweeping at once only one gets each order.
 * `fecha` is ISO-8601 UTC text on both databases, so text order is time order. The fixed
 * conditions are literals so both databases can use the partial index `pedido_por_escalar`.
 */
export function claimPedidosPorEscalar(
  db: DbOrTx,
  values: { desde: string; cutoff: string; now: string; limite: number },
) {
  return db
    .updateTable('pedido')
    .set({ escalado: 1, updated_at: values.now })
    .where('status', '=', sql.lit('NUEVO'))
    .where('escalado', '=', sql.lit(0))
    .where('origen', '<>', sql.lit('MANUAL'))
    .where('fecha', '<=', values.cutoff)
    .where('fecha', '>', values.desde)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('pedido as vencido')
        .select('vencido.id')
        .where('vencido.status', '=', sql.lit('NUEVO'))
        .where('vencido.escalado', '=', sql.lit(0))
        .where('vencido.origen', '<>', sql.lit('MANUAL'))
        .where('vencido.fecha', '<=', values.cutoff)
        .where('vencido.fecha', '>', values.desde)
        .orderBy('vencido.fecha')
        .limit(values.limite),
    )
    .returning([
      'id',
      'tienda_id',
      'account_id',
      'fecha',
      'monto_total',
      'nombre_completo',
      'nombre_tienda',
      'celular_tienda',
    ])
    .execute();
}

export type PedidoEscalado = Awaited<ReturnType<typeof claimPedidosPorEscalar>>[number];

const DETALLE_COLUMNS = [
  'pedido_id',
  'producto_id',
  'nombre_producto',
  'imagen_producto',
  'cantidad',
  'precio',
  'opciones',
  'nota',
] as const;

export function listDetallesOf(db: DbOrTx, pedidoIds: number[]) {
  if (pedidoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pedido_detalle')
    .select(DETALLE_COLUMNS)
    .where('pedido_id', 'in', pedidoIds)
    .orderBy('id')
    .execute();
}

export type DetalleRow = Awaited<ReturnType<typeof listDetallesOf>>[number];

// An order and its lines in one statement: one row per line, the order's columns on each.
const selectPedidoConDetalles = preparedQuery((db, id: number) =>
  db
    .selectFrom('pedido')
    .leftJoin('pedido_detalle', 'pedido_detalle.pedido_id', 'pedido.id')
    .selectAll('pedido')
    .select((eb) => DETALLE_COLUMNS.map((c) => eb.ref(`pedido_detalle.${c}`).as(`detalle_${c}`)))
    .where('pedido.id', '=', id)
    .orderBy('pedido_detalle.id'),
);

/** One order with its lines (as listDetallesOf reads them), in one statement. */
export async function findPedidoConDetalles(
  db: DbOrTx,
  id: number,
): Promise<{ row: PedidoRow; detalles: DetalleRow[] } | undefined> {
  const { rows } = await selectPedidoConDetalles(db, id);
  const first = rows[0];
  if (!first) return undefined;
  const row = Object.fromEntries(
    Object.entries(first).filter(([k]) => !k.startsWith('detalle_')),
  ) as PedidoRow;
  const detalles = rows.flatMap((r) => {
    const d = r as unknown as Record<`detalle_${(typeof DETALLE_COLUMNS)[number]}`, unknown>;
    if (d.detalle_pedido_id === null) return [];
    return [Object.fromEntries(DETALLE_COLUMNS.map((c) => [c, d[`detalle_${c}`]])) as DetalleRow];
  });
  return { row, detalles };
}

// Every owner poll starts with it (the ETag): the shop's newest event, read through the index
// on (tienda_id, id). Every change to a shop's orders writes an event (docs/write-path.md), so
// the newest one's id is the version of the shop's order list, with no counter to update.
const selectPedidosVersion = preparedQuery((db, tiendaId: number) =>
  db
    .selectFrom('tienda')
    .select((eb) => [
      'tienda.id',
      eb
        .selectFrom('pedido_evento')
        .select((e) => e.fn.max('pedido_evento.id').as('v'))
        .whereRef('pedido_evento.tienda_id', '=', 'tienda.id')
        .as('version'),
    ])
    .where('tienda.id', '=', tiendaId),
);

/** The version of a shop's order list (0 before its first event); undefined: no such shop. */
export async function findPedidosVersion(db: DbOrTx, tiendaId: number) {
  const row = (await selectPedidosVersion(db, tiendaId)).rows[0];
  return row ? Number(row.version ?? 0) : undefined;
}

export function findPedidoOfTienda(db: DbOrTx, id: number, tiendaId: number) {
  return db
    .selectFrom('pedido')
    .select(['id', 'status', 'account_id'])
    .where('id', '=', id)
    .where('tienda_id', '=', tiendaId)
    .executeTakeFirst();
}

/** ACEPTADO to LISTO with when and who, in one UPDATE so two clicks can't both win. */
export async function markListo(
  db: DbOrTx,
  values: { id: number; tiendaId: number; now: string; por: string },
) {
  const result = await db
    .updateTable('pedido')
    .set({ status: 'LISTO', listo_en: values.now, listo_por: values.por, updated_at: values.now })
    .where('id', '=', values.id)
    .where('tienda_id', '=', values.tiendaId)
    .where('status', '=', 'ACEPTADO')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * NUEVO, ACEPTADO or LISTO to an end state, with who did it, in one UPDATE so two clicks can't
 * both win.
 */
export async function finishPedido(
  db: DbOrTx,
  values: {
    id: number;
    tiendaId: number;
    status: 'COMPLETADO' | 'CANCELADO';
    now: string;
    motivo: string | null;
    /** Who completed or cancelled it (JSON {nombreCompleto, rol}). */
    por: string;
  },
) {
  const result = await db
    .updateTable('pedido')
    .set({
      status: values.status,
      updated_at: values.now,
      ...(values.status === 'CANCELADO'
        ? { motivo_cancelacion: values.motivo, cancelado_por: values.por }
        : { completado_por: values.por }),
    })
    .where('id', '=', values.id)
    .where('tienda_id', '=', values.tiendaId)
    .where('status', 'in', [...PEDIDO_STATUSES_ACTIVOS])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const insertPedidoEventoQuery = preparedQuery(
  (
    db,
    tiendaId: number,
    accountId: number | null,
    pedidoId: number,
    tipo: TipoEventoPedido,
    now: string,
  ) =>
    db
      .insertInto('pedido_evento')
      .values({
        tienda_id: tiendaId,
        account_id: accountId,
        pedido_id: pedidoId,
        tipo,
        created_at: now,
      })
      .returning('id'),
);

/**
 * Advisory lock keys of the event streams (PostgreSQL's one-bigint form, which shares no key
 * with the two-int locks of the checkout's lockCelularDeTienda): a shop's is 1·2³² + id, a shopper's 2·2³² + id.
 */
const SHOP_STREAM = 1n << 32n;
const ACCOUNT_STREAM = 2n << 32n;

/**
 * The lock keys of the streams that will carry these events, in the one global order they are
 * taken in: every shop by id, then every shopper by id.
 */
function streamLockKeys(eventos: readonly { tiendaId: number; accountId: number | null }[]) {
  const byId = (a: number, b: number) => a - b;
  const tiendas = [...new Set(eventos.map((e) => e.tiendaId))].sort(byId);
  const cuentas = [
    ...new Set(eventos.flatMap((e) => (e.accountId === null ? [] : [e.accountId]))),
  ].sort(byId);
  return [
    ...tiendas.map((id) => (SHOP_STREAM + BigInt(id)).toString()),
    ...cuentas.map((id) => (ACCOUNT_STREAM + BigInt(id)).toString()),
  ];
}

/**
 * The `l` and `e` parts of a `WITH` that writes events: `l` takes the stream locks of these
 * events (streamLockKeys), `e` inserts the rows `source` selects (tienda_id, account_id,
 * pedido_id, tipo, created_at). `e` reads every row of `l` before its own rows exist, so every
 * lock is held before any id is drawn.
 */
function eventoLocksAndRows(
  eventos: readonly { tiendaId: number; accountId: number | null }[],
  source: RawBuilder<unknown>,
) {
  return sql`l AS MATERIALIZED (
      SELECT pg_advisory_xact_lock(k) FROM unnest(${streamLockKeys(eventos)}::bigint[])
        WITH ORDINALITY AS keys(k, n) ORDER BY n
    ), e AS (
      INSERT INTO pedido_evento (tienda_id, account_id, pedido_id, tipo, created_at)
      SELECT s.* FROM (${source}) AS s, (SELECT count(*) FROM l) AS locked
      RETURNING id, tienda_id, account_id, pedido_id, tipo
    )`;
}

/**
 * Answers the events `e` wrote, in id order. No NOTIFY here: PostgreSQL serialises the commits
 * of every transaction that notifies, fsync included, so the bus sends them after the commit,
 * several to a NOTIFY (docs/write-path.md, "Notifications").
 */
const selectEventos = sql`SELECT e.id, e.pedido_id FROM e ORDER BY e.id`;

export interface NuevoPedidoEvento {
  tiendaId: number;
  accountId: number | null;
  pedidoId: number;
  tipo: TipoEventoPedido;
  now: string;
}

/** Adds an order event to the outbox; call it last in the transaction (insertPedidoEventos). */
export async function insertPedidoEvento(db: DbOrTx, values: NuevoPedidoEvento) {
  return (await insertPedidoEventos(db, [values]))[0]!;
}

/**
 * Adds order events to the outbox, last in the transaction; answers their ids in the given
 * order. A stream sends "the events after the last one it sent", so an event whose id was drawn
 * before another's but committed after it would be skipped: ids must be in commit order within
 * every stream (docs/write-path.md). SQLite's one connection commits in id order already.
 *
 * On PostgreSQL one statement per batch does three things: takes, until the commit, the lock of
 * each shop and each shopper whose streams get the events (two events of one shop, or of one
 * shopper, are then drawn and committed one after the other, while different shops never wait
 * for each other; locks are taken in one global order, so no two transactions wait for each
 * other in a circle; a guest's tracking stream follows one order, whose events all go through
 * its shop); and inserts the rows. The caller publishes them on the bus after the commit, which
 * tells every instance (pedido-eventos.ts).
 */
export async function insertPedidoEventos(
  db: DbOrTx,
  eventos: readonly NuevoPedidoEvento[],
): Promise<number[]> {
  if (eventos.length === 0) return [];
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const ids: number[] = [];
    for (const e of eventos) {
      const result = await insertPedidoEventoQuery(
        db,
        e.tiendaId,
        e.accountId,
        e.pedidoId,
        e.tipo,
        e.now,
      );
      ids.push(result.rows[0]!.id);
    }
    return ids;
  }
  const rows = eventos.map(
    (e) => sql`(${e.tiendaId}::int, ${e.accountId}::int, ${e.pedidoId}::int, ${e.tipo}, ${e.now})`,
  );
  const { rows: inserted } = await sql<{ id: number }>`
    WITH ${eventoLocksAndRows(eventos, sql`SELECT v.* FROM (VALUES ${sql.join(rows)}) AS v`)}
    ${selectEventos}`.execute(db);
  return inserted.map((r) => Number(r.id));
}

/**
 * The newest event of one stream, 0 when it has none: where a stream opened without
 * Last-Event-ID starts. Per stream, not the table's newest: ids of different shops may commit
 * out of order, and an older id of this stream committing later must still be sent.
 */
export async function findLastEventoId(db: DbOrTx, filter: EventoFilter): Promise<number> {
  const row = await db
    .selectFrom('pedido_evento')
    .select((eb) => eb.fn.max('id').as('id'))
    .where((eb) =>
      'tiendaId' in filter
        ? eb('tienda_id', '=', filter.tiendaId)
        : 'accountId' in filter
          ? eb('account_id', '=', filter.accountId)
          : eb('pedido_id', '=', filter.pedidoId),
    )
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whose events a stream follows: a shop's, a shopper's, or one order's (a guest's tracking). */
export type EventoFilter = { tiendaId: number } | { accountId: number } | { pedidoId: number };

/** Events after `afterId` for one shop, one shopper or one order, oldest first (stream catch-up). */
export function listEventosSince(db: DbOrTx, filter: EventoFilter, afterId: number, limit: number) {
  let query = db
    .selectFrom('pedido_evento')
    .select(['id', 'tienda_id', 'account_id', 'pedido_id', 'tipo'])
    .where('id', '>', afterId);
  query =
    'tiendaId' in filter
      ? query.where('tienda_id', '=', filter.tiendaId)
      : 'accountId' in filter
        ? query.where('account_id', '=', filter.accountId)
        : query.where('pedido_id', '=', filter.pedidoId);
  return query.orderBy('id').limit(limit).execute();
}
