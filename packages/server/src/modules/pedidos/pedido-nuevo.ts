import { randomBytes } from 'node:crypto';
import {
  carritoMessages,
  computeTotal,
  costoDeEnvioDe,
  formatPesos,
  getEstadoPedidos,
  MONTO_MAXIMO_CENTAVOS,
  pedidoWireMessages,
  type EntregaPedidoInput,
  type PagoPedidoInput,
} from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import {
  isTiendaDeLineaPublica,
  resolveLineas,
  type LineaRow,
} from '../carrito/carrito.service.js';
import { findCalendarioDe } from '../horarios/horario.service.js';
import { toEntregaTienda, toPagosTienda } from '../tiendas/tienda.view.js';
import type { PedidoEvento } from './pedido-eventos.js';
import * as repo from './pedido.repository.js';

/** At most this many NUEVO orders per phone at one shop (docs/api.md, "Guest checkout"). */
export const NUEVOS_POR_CELULAR = 3;

export interface NuevoPedido {
  tiendaId: number;
  /** Null for a guest's or an owner-typed order. */
  accountId: number | null;
  /** Read like basket lines: from the cart, or from the request (readLineasDirectas). */
  lineas: LineaRow[];
  /** The order's contact; the account's address is the default delivery address. */
  cliente: { nombreCompleto: string; celular: string; direccionEntrega: string };
  checkout: {
    entrega?: EntregaPedidoInput | undefined;
    pago?: PagoPedidoInput | undefined;
    nota?: string | null | undefined;
    totalEsperado?: number | undefined;
  };
  /** MANUAL: typed by the owner; the open, paused, minimum and per-phone rules don't apply. */
  origen: 'WEB' | 'MANUAL';
  idempotency: { key: string; hash: string } | undefined;
  now: Date;
}

/**
 * How each new order's event was made, for the orders counter (http/metrics.ts), which counts
 * at the bus's publish after the commit, where only the event is at hand. Weak: an event no one
 * holds any more is forgotten with it.
 */
const origenes = new WeakMap<PedidoEvento, NuevoPedido['origen']>();

/** WEB or MANUAL for an event writeNuevoPedido returned; undefined for any other event. */
export function origenDePedidoNuevo(evento: PedidoEvento): NuevoPedido['origen'] | undefined {
  return origenes.get(evento);
}

/** The tracking secret: 192 random bits, URL-safe. */
function newSeguimiento(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Every rule of a new order, then its rows, all on `trx` (the caller's transaction): lines
 * priced from the catalogue now with their options, the shop open and not paused, delivery and
 * payment among the shop's, the minimum, the total the shopper saw, the change, and at most
 * three NUEVO orders per phone. A refusal throws before anything is written. For a WEB order the
 * caller has taken the lock of the order's phone at the shop (lockCelularParaPedido), which
 * makes two orders of one phone count and insert one after the other.
 */
export async function writeNuevoPedido(
  trx: DbOrTx,
  p: NuevoPedido,
): Promise<{ evento: PedidoEvento; seguimiento: string }> {
  const first = p.lineas[0];
  if (!first) throw new AppError('VALIDACION', carritoMessages.carritoVacio);
  const manual = p.origen === 'MANUAL';
  // Visible applies to every order, the owner's typed ones too (docs/api.md, "Order life": a manual order is
  // spared only the open, paused, minimum and per-phone rules).
  if (!isTiendaDeLineaPublica(first)) {
    throw new AppError('TIENDA_CERRADA', 'La tienda no está disponible en este momento');
  }
  const resueltas = await resolveLineas(trx, p.lineas, p.now);
  const problema = resueltas.find((l) => l.problema !== undefined)?.problema;
  if (problema) throw new AppError(problema.code, problema.message);

  if (!manual) {
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

  const costoDeEnvio = costoDeEnvioDe(entrega.tipo, first.costo_de_envio);
  const totals = computeTotal({
    lineas: resueltas.map((l) => ({ precio: l.precio, cantidad: l.row.cantidad })),
    costoDeEnvio,
  });
  if (!manual && totals.subtotal < first.monto_minimo) throw new AppError('MONTO_MINIMO');
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

  const fecha = p.now.toISOString();
  const seguimiento = newSeguimiento();
  const transferencia = pago.metodo === 'TRANSFERENCIA' ? pagos.transferencia : null;
  const insertado = await repo.insertPedidoNuevo(
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
  if (transferencia) await repo.setPagoReferencia(trx, pedidoId, `Pedido ${pedidoId}`);
  const evento = {
    id: eventoId,
    tiendaId: p.tiendaId,
    accountId: p.accountId,
    pedidoId,
    tipo: 'NUEVO',
  };
  origenes.set(evento, p.origen);
  return { evento, seguimiento };
}

function metodoNoDisponible(metodo: PagoPedidoInput['metodo']): string {
  const nombre = {
    EFECTIVO: 'efectivo',
    TERMINAL: 'tarjeta con terminal',
    TRANSFERENCIA: 'transferencia',
  }[metodo];
  return `Esta tienda no acepta pago con ${nombre}; elige otra forma de pago`;
}
