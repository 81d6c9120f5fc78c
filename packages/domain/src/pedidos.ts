import { horaLocal } from './horario.js';
import { computeTotal, pesosToCentavos } from './money.js';

/**
 * The order states: NUEVO, optionally ACEPTADO (with a ready time) and LISTO (the kitchen is
 * done), then COMPLETADO or CANCELADO by the shop (docs/api.md, "Order life").
 */
export const PEDIDO_STATUSES = ['NUEVO', 'ACEPTADO', 'LISTO', 'COMPLETADO', 'CANCELADO'] as const;
/** The owner's active tab and the statuses an order can still be completed or cancelled from. */
export const PEDIDO_STATUSES_ACTIVOS = ['NUEVO', 'ACEPTADO', 'LISTO'] as const;
/** What the kitchen sees (docs/api.md, "Staff and the kitchen"): accepted and ready orders. */
export const PEDIDO_STATUSES_COCINA = ['ACEPTADO', 'LISTO'] as const;
export type PedidoStatus = (typeof PEDIDO_STATUSES)[number];

export const pedidoMessages = {
  montoMinimo:
    'El monto para poder comprar debe ser igual o mayor al monto mínimo (sin contar el costo de envio)',
  sinPedidos: 'No tienes pedidos aún',
  sinPedidosTexto: 'Cuando realices un pedido, aparecerá aquí',
} as const;

/** Whether a value is one of the order statuses (PEDIDO_STATUSES). */
export function isPedidoStatus(status: unknown): status is PedidoStatus {
  return (PEDIDO_STATUSES as readonly unknown[]).includes(status);
}

/** Whether an order still waits for the shop: NUEVO, ACEPTADO or LISTO. */
export function isPedidoActivo(status: string): boolean {
  return (PEDIDO_STATUSES_ACTIVOS as readonly string[]).includes(status);
}

/** The status to show: any value the client doesn't know displays as NUEVO (docs/api.md). */
export function normalizePedidoStatus(status: unknown): PedidoStatus {
  return isPedidoStatus(status) ? status : 'NUEVO';
}

// Sorting uses the raw value: an unknown status shows as NUEVO but goes last.
const PRIORIDAD: ReadonlyMap<string, number> = new Map([
  ['NUEVO', 0],
  ['ACEPTADO', 1],
  ['LISTO', 2],
  ['CANCELADO', 3],
  ['COMPLETADO', 4],
]);
const PRIORIDAD_DESCONOCIDO = 5;

function prioridadDe(status: string): number {
  return PRIORIDAD.get(status) ?? PRIORIDAD_DESCONOCIDO;
}

function tiempoDe(fecha: string): number {
  const ms = Date.parse(fecha);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

export interface PedidoOrdenable {
  readonly id?: number;
  readonly status: string;
  readonly fecha: string;
}

/**
 * The shopper's order list (docs/api.md, "Texts and forms"): NUEVO, ACEPTADO, LISTO, then CANCELADO,
 * then COMPLETADO, unknown statuses last; within a status the newest first (an unreadable date
 * counts as the oldest; equal dates put the higher id first). Returns a new array.
 */
export function sortPedidos<T extends PedidoOrdenable>(pedidos: readonly T[]): T[] {
  return [...pedidos].sort(
    (a, b) =>
      prioridadDe(a.status) - prioridadDe(b.status) ||
      compareDesc(tiempoDe(a.fecha), tiempoDe(b.fecha)) ||
      compareDesc(a.id ?? 0, b.id ?? 0),
  );
}

function compareDesc(a: number, b: number): number {
  if (a === b) return 0;
  return a > b ? -1 : 1;
}

export interface ConteoDePedidos {
  /** status NUEVO, ACEPTADO or LISTO */
  readonly activos: number;
  readonly completados: number;
  readonly cancelados: number;
}

/** The three tiles of Mis Pedidos, counting the statuses as docs/api.md names them. */
export function countPedidosPorStatus(
  pedidos: readonly { readonly status: string }[],
): ConteoDePedidos {
  let activos = 0;
  let completados = 0;
  let cancelados = 0;
  for (const p of pedidos) {
    if (isPedidoActivo(p.status)) activos++;
    else if (p.status === 'COMPLETADO') completados++;
    else if (p.status === 'CANCELADO') cancelados++;
  }
  return { activos, completados, cancelados };
}

export interface LineaDeCanasta {
  /** Unit price in pesos, as the API answers it. */
  readonly precio: number;
  readonly cantidad: number;
}

export interface TotalesDeCanasta {
  /** Every amount in centavos. */
  readonly subtotal: number;
  readonly envio: number;
  readonly total: number;
  readonly minimo: number;
  readonly cantidadDeArticulos: number;
  /** The checkout rule: subtotal (shipping not counted) at least the shop's minimum. */
  readonly alcanzaMinimo: boolean;
}

/** One shop's basket, as the checkout card shows it and the server will charge it. */
export function totalesDeCanasta(grupo: {
  readonly montoMinimo: number;
  readonly costoDeEnvio: number;
  readonly lineas: readonly LineaDeCanasta[];
}): TotalesDeCanasta {
  const envio = pesosToCentavos(grupo.costoDeEnvio);
  const minimo = pesosToCentavos(grupo.montoMinimo);
  const { subtotal, cantidadDeArticulos, total } = computeTotal({
    lineas: grupo.lineas.map(lineaEnCentavos),
    costoDeEnvio: envio,
  });
  return {
    subtotal,
    envio,
    total,
    minimo,
    cantidadDeArticulos,
    alcanzaMinimo: subtotal >= minimo,
  };
}

/** A line priced in pesos (as the API answers it), in centavos for computeTotal. */
export function lineaEnCentavos(linea: LineaDeCanasta): LineaDeCanasta {
  return { precio: pesosToCentavos(linea.precio), cantidad: linea.cantidad };
}

/** A line's amount in centavos: unit price × quantity. */
export function importeDeLinea(linea: LineaDeCanasta): number {
  return pesosToCentavos(linea.precio) * linea.cantidad;
}

/**
 * A WhatsApp link to a Mexican mobile (country code 52) with the text filled in, or undefined
 * when the shop has no usable 10-digit number.
 */
export function whatsappUrl(celular: string, texto: string): string | undefined {
  const digitos = celular.replace(/\D/g, '');
  if (digitos.length !== 10) return undefined;
  return `https://wa.me/52${digitos}?text=${encodeURIComponent(texto)}`;
}

// ---- A placed order as the shop and the shopper read it ----

/**
 * HH:MM of an order's instant (its ready time, say) on the given clock, or undefined when there
 * is none or it is unreadable.
 */
export function horaDePedido(iso: string | null | undefined, timeZone: string): string | undefined {
  if (!iso) return undefined;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? undefined : horaLocal(instant, timeZone);
}

/** Where an order goes: its own address, else the account's (first-edition orders); '' if none. */
export function direccionDePedido(pedido: {
  readonly entrega?: { readonly direccion: string | null } | null;
  readonly direccionEntrega?: string | null;
}): string {
  return (pedido.entrega?.direccion ?? pedido.direccionEntrega ?? '').trim();
}

/**
 * Cash paid with a note: the note's amount and the change (null when the server gave none), in
 * centavos; undefined for any other payment or without an amount.
 */
export function cambioDePago(
  pago:
    | {
        readonly metodo: string;
        readonly pagaCon: number | null;
        readonly cambio: number | null;
      }
    | undefined,
): { pagaCon: number; cambio: number | null } | undefined {
  if (!pago || pago.metodo !== 'EFECTIVO' || pago.pagaCon === null) return undefined;
  return {
    pagaCon: pesosToCentavos(pago.pagaCon),
    cambio: pago.cambio === null ? null : pesosToCentavos(pago.cambio),
  };
}
