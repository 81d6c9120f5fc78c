import { createHash } from 'node:crypto';
import {
  carritoMessages,
  claveDeOpciones,
  computeTotal,
  costoDeEnvioDe,
  formatPesos,
  getEstadoPedidos,
  mensajeFueraDeZona,
  MONTO_MAXIMO_CENTAVOS,
  normalizeNota,
  pedidoWireMessages,
  programacionMessages,
  checkProgramadoPara,
  toEntregaTienda,
  toPagosTienda,
  type EntregaPedidoInput,
  type PagoPedidoInput,
  type PedidoConSeguimiento,
  type PedidoInvitado,
  type PedidoManual,
  type ProcesarCarrito,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction } from '../../db/group-commit.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pooledRandomSecret } from '../../lib/secrets.js';
import {
  groupLineas,
  listCarrito,
  takeGrupoForOrder,
  type CarritoGrupoView,
} from '../carrito/carrito.service.js';
import {
  priceLineasForOrder,
  readLineasDirectas,
  type LineaAPreciar,
} from '../catalogo/precio.service.js';
import { findCalendarioDe } from '../horarios/horario.service.js';
import {
  findPedidoView,
  insertPedidoNuevo,
  publishQuietly,
  setOrigenDePedidoNuevo,
  setPagoReferencia,
  type PedidoEventBus,
  type PedidoEvento,
} from '../pedidos/pedido.service.js';
import { countEnFranja, findProgramacionDe } from '../tiendas/franjas.service.js';
import { existsTienda } from '../tiendas/tienda.service.js';
import { findZona, loadZonasDeTienda, type ZonaGuardada } from '../tiendas/zonas.service.js';
import * as repo from './checkout.repository.js';

/**
 * Placing an order: a signed-in shopper's basket (`proccesscart`), a guest's lines
 * (`/api/pedido/invitado`) or the owner's typed ones (`/api/pedido/manual`), with their
 * Idempotency-Key. A workflow over other modules' steps: the basket gives and takes its lines,
 * the catalogue prices them, the shop's hours and terms decide whether it can be ordered, and
 * the orders module writes the order and its event (docs/write-path.md, "Modules on the order
 * path").
 */

/** At most this many NUEVO orders per phone at one shop (docs/api.md, "Guest checkout"). */
export const NUEVOS_POR_CELULAR = 3;

export interface NuevoPedido {
  tiendaId: number;
  /** Null for a guest's or an owner-typed order. */
  accountId: number | null;
  /** From the basket, or from the request (readLineasDirectas). */
  lineas: LineaAPreciar[];
  /**
   * The order's contact; the account's address is the default delivery address. `celular` is ''
   * for an owner-typed order without a phone.
   */
  cliente: { nombreCompleto: string; celular: string; direccionEntrega: string };
  checkout: {
    entrega?: EntregaPedidoInput | undefined;
    pago?: PagoPedidoInput | undefined;
    nota?: string | null | undefined;
    totalEsperado?: number | undefined;
    /** An order for later: the start of one of the shop's slots (docs/api.md, "Orders for later"). */
    programadoPara?: string | undefined;
  };
  /** MANUAL: typed by the owner; the open, paused, minimum and per-phone rules don't apply. */
  origen: 'WEB' | 'MANUAL';
  idempotency: { key: string; hash: string } | undefined;
  now: Date;
}

/**
 * The tracking secret: the order's time in milliseconds as 12 hex digits, then 192 random bits,
 * URL-safe (docs/write-path.md, "The tracking secret"). Only the random part is secret; the
 * time in front makes each new key sort after the last, so its unique index grows at one end
 * instead of touching a random page of it on every order.
 */
function newSeguimiento(now: Date): string {
  return now.getTime().toString(16).padStart(12, '0') + pooledRandomSecret(24);
}

/**
 * Every rule of a new order, then its rows, all on `trx` (the caller's transaction): lines
 * priced by the catalogue now with their options, the shop open and not paused (for an order
 * for later instead: its time one of the shop's slots, with a place left), delivery and
 * payment among the shop's, the minimum, the total the shopper saw, the change, and at most
 * three NUEVO orders per phone. A refusal throws before anything is written. For a WEB order the
 * caller has taken the lock of the order's phone at the shop (lockCelularParaPedido), which
 * makes two orders of one phone count and insert one after the other.
 */
export async function writeNuevoPedido(
  trx: DbOrTx,
  p: NuevoPedido,
): Promise<{ evento: PedidoEvento; seguimiento: string }> {
  const [first, ...rest] = p.lineas;
  if (!first) throw new AppError('VALIDACION', carritoMessages.carritoVacio);
  const manual = p.origen === 'MANUAL';
  // Visible applies to every order, the owner's typed ones too (docs/api.md, "Order life": a
  // manual order is spared only the open, paused, minimum and per-phone rules).
  const resueltas = await priceLineasForOrder(trx, [first, ...rest], p.now);

  // An order for later is checked against the shop's slots instead of its hours now: it may be
  // placed while the shop is closed or paused (docs/api.md, "Orders for later").
  const { programadoPara } = p.checkout;
  let programado: ProgramadoEn | undefined;
  if (programadoPara !== undefined) {
    programado = await franjaDePedido(trx, p.tiendaId, first, programadoPara, p.now);
  } else if (!manual) {
    const { horarios, diasEspeciales } = await findCalendarioDe(
      trx,
      p.tiendaId,
      first.tienda_version,
    );
    const estado = getEstadoPedidos(
      { nombre: first.tienda_nombre, timeZone: first.time_zone, pausadoHasta: first.pausado_hasta },
      horarios,
      diasEspeciales,
      p.now,
    );
    if (!estado.abierta) {
      throw new AppError(
        estado.motivo === 'PAUSADA' ? 'TIENDA_PAUSADA' : 'TIENDA_CERRADA',
        estado.mensaje,
      );
    }
  }

  const ofrecida = toEntregaTienda(first);
  const entrega = p.checkout.entrega ?? {
    tipo: 'DOMICILIO' as const,
    direccion: null,
    referencias: null,
  };
  if (entrega.tipo === 'DOMICILIO' ? !ofrecida.domicilio : !ofrecida.recoger) {
    throw new AppError(
      'ENTREGA_NO_DISPONIBLE',
      entrega.tipo === 'DOMICILIO'
        ? 'Esta tienda no hace envíos a domicilio; elige recoger en la tienda'
        : 'Esta tienda no ofrece recoger en la tienda; elige envío a domicilio',
    );
  }
  const direccion =
    entrega.tipo === 'DOMICILIO' ? (entrega.direccion ?? p.cliente.direccionEntrega.trim()) : '';
  if (entrega.tipo === 'DOMICILIO' && (direccion.length < 5 || direccion.length > 200)) {
    throw new AppError('VALIDACION', pedidoWireMessages.direccionRequerida);
  }

  const pagos = toPagosTienda(first);
  const pago = p.checkout.pago ?? { metodo: 'EFECTIVO' as const, pagaCon: null };
  const aceptado =
    pago.metodo === 'EFECTIVO'
      ? pagos.efectivo
      : pago.metodo === 'TERMINAL'
        ? pagos.terminal
        : pagos.transferencia !== null;
  if (!aceptado) {
    throw new AppError('METODO_NO_DISPONIBLE', metodoNoDisponible(pago.metodo));
  }

  // Delivery at a shop with active zones: the address's zone sets the fee and the minimum
  // (docs/write-path.md, "Delivery zones"); outside every zone it is refused.
  const zona =
    entrega.tipo === 'DOMICILIO'
      ? await zonaDeEntregaDe(trx, p.tiendaId, first, entrega)
      : undefined;

  const costoDeEnvio = costoDeEnvioDe(entrega.tipo, zona?.costoDeEnvio ?? first.costo_de_envio);
  const totals = computeTotal({
    lineas: resueltas.map((l) => ({ precio: l.precio, cantidad: l.row.cantidad })),
    costoDeEnvio,
  });
  if (!manual && totals.subtotal < (zona?.montoMinimo ?? first.monto_minimo)) {
    throw new AppError(
      'MONTO_MINIMO',
      zona === undefined ? undefined : montoMinimoDeZona(zona.nombre, zona.montoMinimo),
    );
  }
  if (totals.total > MONTO_MAXIMO_CENTAVOS) {
    throw new AppError('VALIDACION', carritoMessages.montoMaximo);
  }
  if (p.checkout.totalEsperado !== undefined && p.checkout.totalEsperado !== totals.total) {
    throw new AppError(
      'PRECIO_CAMBIO',
      `El total de tu pedido cambió a ${formatPesos(totals.total)}; revísalo y confirma de nuevo`,
      { extra: { montoTotal: totals.total / 100 } },
    );
  }
  const pagaCon = pago.pagaCon ?? null;
  if (pagaCon !== null && pagaCon < totals.total) {
    throw new AppError('VALIDACION', pedidoWireMessages.pagaConMenor(totals.total));
  }

  // Last of the rules, so that only an order otherwise ready takes the slot's lock.
  if (programado !== undefined) await tomarLugarEnFranja(trx, p.tiendaId, programado);

  const fecha = p.now.toISOString();
  const domicilio = entrega.tipo === 'DOMICILIO';
  const seguimiento = newSeguimiento(p.now);
  const transferencia = pago.metodo === 'TRANSFERENCIA' ? pagos.transferencia : null;
  const insertado = await insertPedidoNuevo(
    trx,
    {
      tienda_id: p.tiendaId,
      account_id: p.accountId,
      status: 'NUEVO',
      fecha,
      cantidad_de_articulos: totals.cantidadDeArticulos,
      subtotal: totals.subtotal,
      costo_de_envio: costoDeEnvio,
      monto_total: totals.total,
      nombre_tienda: first.tienda_nombre,
      usuario_tienda: first.tienda_usuario,
      tienda_image_url: first.tienda_image_url,
      celular_tienda: first.tienda_celular ?? '',
      nombre_completo: p.cliente.nombreCompleto,
      celular: p.cliente.celular,
      direccion_entrega: direccion,
      idempotency_key: p.idempotency?.key ?? null,
      idempotency_hash: p.idempotency?.hash ?? null,
      updated_at: fecha,
      entrega_tipo: entrega.tipo,
      entrega_referencias: entrega.tipo === 'DOMICILIO' ? (entrega.referencias ?? null) : null,
      pago_metodo: pago.metodo,
      paga_con: pago.metodo === 'EFECTIVO' ? pagaCon : null,
      pago_clabe: transferencia?.clabe ?? null,
      pago_banco: transferencia?.banco ?? null,
      pago_titular: transferencia?.titular ?? null,
      nota: p.checkout.nota ?? null,
      invitado: p.accountId === null ? 1 : 0,
      origen: p.origen,
      seguimiento,
      entrega_colonia: domicilio ? (entrega.colonia ?? null) : null,
      entrega_codigo_postal: domicilio ? (entrega.codigoPostal ?? null) : null,
      entrega_lat: domicilio ? (entrega.ubicacion?.lat ?? null) : null,
      entrega_lng: domicilio ? (entrega.ubicacion?.lng ?? null) : null,
      zona_nombre: zona?.nombre ?? null,
      programado_para: programado?.inicio ?? null,
    },
    resueltas.map((l) => ({
      producto_id: l.row.producto_id,
      nombre_producto: l.row.name,
      imagen_producto: l.row.image_url,
      cantidad: l.row.cantidad,
      precio: l.precio,
      opciones: JSON.stringify(l.opciones),
      nota: l.row.nota === '' ? null : l.row.nota,
    })),
    manual ? null : { celular: p.cliente.celular, max: NUEVOS_POR_CELULAR },
  );
  if (!insertado) throw new AppError('DEMASIADOS_PEDIDOS');
  const { pedidoId, eventoId } = insertado;
  if (transferencia) await setPagoReferencia(trx, pedidoId, `Pedido ${pedidoId}`);
  const evento: PedidoEvento = {
    id: eventoId,
    tiendaId: p.tiendaId,
    accountId: p.accountId,
    pedidoId,
    tipo: 'NUEVO',
  };
  setOrigenDePedidoNuevo(evento, p.origen);
  return { evento, seguimiento };
}

/** The slot an order for later takes: its start as stored, and the shop's limit per slot. */
interface ProgramadoEn {
  /** The slot's start, `toISOString()` (the form `pedido.programado_para` holds). */
  inicio: string;
  pedidosPorIntervalo: number | null;
}

/**
 * The slot of an order for later: `programadoPara` must be the start of a slot the shop offers
 * at `now` (the domain's checkProgramadoPara, over its weekly hours, special days and time
 * zone); otherwise 409 HORARIO_NO_DISPONIBLE saying why. Its places are counted later, in
 * tomarLugarEnFranja.
 */
async function franjaDePedido(
  trx: DbOrTx,
  tiendaId: number,
  tienda: LineaAPreciar,
  programadoPara: string,
  now: Date,
): Promise<ProgramadoEn> {
  const [{ horarios, diasEspeciales }, programacion] = await Promise.all([
    findCalendarioDe(trx, tiendaId, tienda.tienda_version),
    findProgramacionDe(trx, tiendaId, tienda.tienda_version),
  ]);
  if (programacion === undefined) throw new AppError('NO_ENCONTRADO', 'La tienda no existe');
  const revisado = checkProgramadoPara(
    { programacion, horarios, diasEspeciales, timeZone: tienda.time_zone },
    programadoPara,
    now,
  );
  if (!revisado.ok) throw new AppError('HORARIO_NO_DISPONIBLE', revisado.mensaje);
  return {
    inicio: new Date(revisado.franja.inicio).toISOString(),
    pedidosPorIntervalo: programacion.pedidosPorIntervalo,
  };
}

/**
 * A slot with a limit holds at most that many orders not cancelled: the slot's count is read
 * inside the transaction that writes the order, after the slot's lock on PostgreSQL (so two
 * checkouts at once cannot both take its last place) and, on SQLite, after the orders that
 * earlier checkouts of the same group commit wrote. A full slot is 409 HORARIO_NO_DISPONIBLE.
 * A slot without a limit takes no lock and counts nothing.
 */
async function tomarLugarEnFranja(trx: DbOrTx, tiendaId: number, programado: ProgramadoEn) {
  const { inicio, pedidosPorIntervalo } = programado;
  if (pedidosPorIntervalo === null) return;
  await repo.lockFranjaDeTienda(trx, tiendaId, inicio);
  if ((await countEnFranja(trx, tiendaId, inicio)) >= pedidosPorIntervalo) {
    throw new AppError('HORARIO_NO_DISPONIBLE', programacionMessages.lleno);
  }
}

/**
 * The zone a delivery address falls in, when the shop has active zones (read once per shop
 * version, so a shop without zones costs a lookup in memory); undefined without active zones.
 * Outside every active zone: FUERA_DE_ZONA naming them.
 */
async function zonaDeEntregaDe(
  trx: DbOrTx,
  tiendaId: number,
  tienda: LineaAPreciar,
  entrega: EntregaPedidoInput,
): Promise<ZonaGuardada | undefined> {
  const zonas = await loadZonasDeTienda(trx, tiendaId, tienda.tienda_version);
  if (zonas.activas.length === 0) return undefined;
  const punto =
    tienda.tienda_ubicacion_lat === null || tienda.tienda_ubicacion_lng === null
      ? null
      : { lat: Number(tienda.tienda_ubicacion_lat), lng: Number(tienda.tienda_ubicacion_lng) };
  const zona = findZona(zonas, punto, entrega);
  if (zona === undefined) throw new AppError('FUERA_DE_ZONA', mensajeFueraDeZona(zonas.zonas));
  return zona;
}

/** MONTO_MINIMO's first-edition wording, with the zone and its minimum. */
function montoMinimoDeZona(nombre: string, montoMinimo: number): string {
  return `El monto para poder comprar debe ser igual o mayor al monto mínimo de la zona «${nombre}», ${formatPesos(montoMinimo)} (sin contar el costo de envío)`;
}

function metodoNoDisponible(metodo: PagoPedidoInput['metodo']): string {
  const nombre = {
    EFECTIVO: 'efectivo',
    TERMINAL: 'tarjeta con terminal',
    TRANSFERENCIA: 'transferencia',
  }[metodo];
  return `Esta tienda no acepta pago con ${nombre}; elige otra forma de pago`;
}

/**
 * `proccesscart`: turns the shopper's basket for one shop into one order, in one transaction,
 * with names, prices and options read from the catalogue now (writeNuevoPedido). The same
 * Idempotency-Key answers the first order again instead of making a second one; reused with
 * another body it is refused. On SQLite the transaction is shared with the other writes of the
 * moment (group commit); a refusal rolls back only this order's part, and the answer comes
 * only once the order is committed.
 */
export async function placePedido(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  input: Pick<ProcesarCarrito, 'tiendaId'> & Partial<ProcesarCarrito>,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<{ pedidoId: number; carrito: CarritoGrupoView[] }> {
  const idempotency = idempotencyKey
    ? { key: idempotencyKey, hash: fingerprint(input), owner: { accountId: session.accountId } }
    : undefined;
  const result = await withIdempotency(db, idempotency, () =>
    runInWriteTransaction(db, async (trx) => {
      const locked = await repo.lockShopperAndCelular(
        trx,
        { accountId: session.accountId, tiendaId: input.tiendaId, celular: input.cliente?.celular },
        idempotency,
      );
      if (!locked) throw new AppError('NO_AUTENTICADO');
      const { cliente, celular, existing } = locked;
      if (existing) {
        if (idempotency) checkSameBody(existing, idempotency);
        return { existing };
      }
      const { lineas, restantes } = await takeGrupoForOrder(trx, session.accountId, input.tiendaId);
      if (lineas.length === 0) {
        // On PostgreSQL the key was looked up in the locking statement, whose snapshot predates
        // the wait for the shopper's row: a checkout with the same key that committed meanwhile
        // (and emptied the basket) is seen only by a later statement.
        const made = idempotency && (await findExisting(trx, idempotency));
        if (made) return { existing: made };
        throw new AppError('VALIDACION', carritoMessages.carritoVacio);
      }
      const nuevo = await writeNuevoPedido(trx, {
        tiendaId: input.tiendaId,
        accountId: session.accountId,
        lineas,
        cliente: {
          nombreCompleto: input.cliente?.nombreCompleto ?? cliente.nombre_completo,
          celular,
          direccionEntrega: cliente.direccion_entrega,
        },
        checkout: input,
        origen: 'WEB',
        idempotency,
        now,
      });
      return { nuevo, carrito: await groupLineas(trx, restantes, now) };
    }),
  );
  if ('existing' in result && result.existing) {
    return { pedidoId: result.existing.id, carrito: await listCarrito(db, session) };
  }
  await publishQuietly(bus, result.nuevo.evento);
  return { pedidoId: result.nuevo.evento.pedidoId, carrito: result.carrito };
}

/** An order without an account: its answer, and whether this call made it (not a replay). */
interface PedidoSinCuenta {
  answer: PedidoConSeguimiento;
  nuevo: boolean;
}

async function placePedidoSinCuenta(
  db: Db,
  bus: PedidoEventBus,
  input: (PedidoInvitado | (PedidoManual & { tiendaId: number })) & {
    origen: 'WEB' | 'MANUAL';
  },
  idempotencyKey: string | undefined,
  now: Date,
): Promise<PedidoSinCuenta> {
  const { origen, ...body } = input;
  const idempotency = idempotencyKey
    ? { key: idempotencyKey, hash: fingerprint(body), owner: { tiendaId: input.tiendaId } }
    : undefined;
  const result = await withIdempotency(db, idempotency, () =>
    runInWriteTransaction(db, async (trx) => {
      // An order the owner types may have no phone (the name alone is enough): it is kept as
      // ''. It is spared the per-phone limit, and so its lock.
      const celular = input.cliente.celular ?? '';
      const existing =
        origen === 'MANUAL'
          ? idempotency && (await findExisting(trx, idempotency))
          : await lockCelularParaPedido(trx, input.tiendaId, celular, idempotency);
      if (existing) return { existing };
      const lineas = await readLineasDirectas(
        trx,
        input.tiendaId,
        input.lineas.map((l) => ({
          productoId: l.productoId,
          cantidad: l.cantidad,
          opciones: claveDeOpciones(l.opciones ?? []),
          nota: normalizeNota(l.nota),
        })),
      );
      if (lineas.length !== input.lineas.length) {
        // An unknown shop is 404 (docs/api.md, "Errors"), not a product missing from it.
        if (!(await existsTienda(trx, input.tiendaId))) {
          throw new AppError('NO_ENCONTRADO', 'La tienda no existe');
        }
        throw new AppError(
          'PRODUCTO_NO_DISPONIBLE',
          'Un producto de tu pedido no existe en esta tienda',
        );
      }
      const nuevo = await writeNuevoPedido(trx, {
        tiendaId: input.tiendaId,
        accountId: null,
        lineas,
        cliente: { nombreCompleto: input.cliente.nombreCompleto, celular, direccionEntrega: '' },
        checkout: input,
        origen,
        idempotency,
        now,
      });
      return { nuevo };
    }),
  );
  if ('existing' in result && result.existing) {
    const pedido = (await findPedidoView(db, result.existing.id))!;
    return { answer: { pedido, seguimiento: result.existing.seguimiento ?? '' }, nuevo: false };
  }
  await publishQuietly(bus, result.nuevo.evento);
  const pedido = (await findPedidoView(db, result.nuevo.evento.pedidoId))!;
  return { answer: { pedido, seguimiento: result.nuevo.seguimiento }, nuevo: true };
}

/**
 * `POST /api/pedido/invitado` and `POST /api/pedido/manual`: an order from lines sent in the
 * request, without an account. Answers the order and its tracking secret; a repeated
 * Idempotency-Key answers the same ones.
 */
export async function placePedidoDirecto(
  db: Db,
  bus: PedidoEventBus,
  input: (PedidoInvitado | (PedidoManual & { tiendaId: number })) & {
    origen: 'WEB' | 'MANUAL';
  },
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<PedidoConSeguimiento> {
  return (await placePedidoSinCuenta(db, bus, input, idempotencyKey, now)).answer;
}

/** Whether an Idempotency-Key already made an order without an account at this shop. */
export async function hasPedidoSinCuenta(db: Db, tiendaId: number, key: string): Promise<boolean> {
  const existing = await repo.findPedidoByIdempotencyKey(db, { tiendaId }, key);
  return existing !== undefined && existing.tienda_id === tiendaId;
}

/** One address may place this many guest orders per window (docs/api.md, "Guest checkout"). */
export const GUEST_ORDERS_PER_IP = 20;
export const GUEST_ORDERS_WINDOW_MS = 10 * 60_000;
const GUEST_LIMIT_MESSAGE =
  'Se hicieron demasiados pedidos desde esta conexión. Espera unos minutos y vuelve a intentarlo.';

/**
 * `POST /api/pedido/invitado`: a guest's order, at most GUEST_ORDERS_PER_IP orders placed per
 * address and window (`limiter`). Each attempt takes a place in the count while it runs, so
 * attempts at once cannot pass the limit together; one that places no new order (refused by a
 * rule or by the limit, or a replay of its key) gives its place back. A retry of an order
 * already placed (its answer was lost) still gets its order past the limit.
 */
export async function placePedidoInvitado(
  db: Db,
  bus: PedidoEventBus,
  limiter: RateLimiter,
  ip: string,
  input: PedidoInvitado,
  idempotencyKey: string,
): Promise<PedidoConSeguimiento> {
  const counter = `pedido-invitado-ip:${ip}`;
  // A failing store must not hide the attempt's own answer or error: the place then stays
  // taken until the window ends, the error on the safe side.
  const giveBack = () => limiter.release(counter).catch(() => undefined);
  try {
    await limiter.consume(counter, GUEST_ORDERS_PER_IP);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'DEMASIADOS_INTENTOS')) throw error;
    await giveBack();
    if (!(await hasPedidoSinCuenta(db, input.tiendaId, idempotencyKey))) {
      throw new AppError('DEMASIADOS_PEDIDOS', GUEST_LIMIT_MESSAGE, { headers: error.headers });
    }
    return placePedidoDirecto(db, bus, { ...input, origen: 'WEB' }, idempotencyKey);
  }
  let placed = false;
  try {
    const result = await placePedidoSinCuenta(
      db,
      bus,
      { ...input, origen: 'WEB' },
      idempotencyKey,
      new Date(),
    );
    placed = result.nuevo;
    return result.answer;
  } finally {
    if (!placed) await giveBack();
  }
}

interface Idempotency {
  key: string;
  hash: string;
  owner: repo.IdempotencyOwner;
}

/** The same request body gives the same fingerprint (the parsed body: keys in schema order). */
function fingerprint(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

/** The order a key already made; refused when the key came with another body or shop. */
async function findExisting(db: DbOrTx, idempotency: Idempotency) {
  const existing = await repo.findPedidoByIdempotencyKey(db, idempotency.owner, idempotency.key);
  if (existing) checkSameBody(existing, idempotency);
  return existing;
}

/**
 * A key answers its first order only for the same body: another body (at the same shop or,
 * for orders without an account, a key first used at another shop) is 409.
 */
function checkSameBody(existing: repo.PedidoDeLlave, idempotency: Idempotency) {
  const otraTienda =
    'tiendaId' in idempotency.owner &&
    existing.tienda_id !== undefined &&
    existing.tienda_id !== idempotency.owner.tiendaId;
  if (
    otraTienda ||
    (existing.idempotency_hash !== null && existing.idempotency_hash !== idempotency.hash)
  ) {
    throw new AppError('IDEMPOTENCIA_CONFLICTO');
  }
}

/**
 * Before a WEB order is written: takes the lock of its phone at the shop (writeNuevoPedido counts
 * the phone's NUEVO orders under it), and answers the order the Idempotency-Key already made, if
 * any. One statement on PostgreSQL.
 */
async function lockCelularParaPedido(
  trx: DbOrTx,
  tiendaId: number,
  celular: string,
  idempotency: Idempotency | undefined,
) {
  const existing = await repo.lockCelularAndFindByKey(trx, { tiendaId, celular }, idempotency);
  if (existing && idempotency) checkSameBody(existing, idempotency);
  return existing;
}

/** Belt and braces: if the same key still raced itself, the first one's order is the answer. */
async function withIdempotency<T>(
  db: Db,
  idempotency: Idempotency | undefined,
  run: () => Promise<T>,
): Promise<T | { existing: { id: number; seguimiento: string | null } }> {
  try {
    return await run();
  } catch (error) {
    if (idempotency && isUniqueViolation(error)) {
      const existing = await findExisting(db, idempotency);
      if (existing) return { existing };
    }
    throw error;
  }
}
