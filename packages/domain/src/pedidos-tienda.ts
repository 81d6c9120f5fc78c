import { getLocalDateTime, isValidFecha } from './horario.js';
import { computeTotal, pesosToCentavos } from './money.js';
import { normalizeCelular } from './phone.js';
import {
  isPedidoActivo,
  isPedidoStatus,
  lineaEnCentavos,
  PEDIDO_STATUSES,
  PEDIDO_STATUSES_ACTIVOS,
  type PedidoStatus,
} from './pedidos.js';

// The shop owner's order list (docs/api.md, "Basket and orders", "Order life (owner)" and "Sin
// atender"). The instant and the shop's time zone are parameters.

/**
 * The statuses an owner handles: the order statuses (pedidos.ts); any other value shows as
 * 'Desconocido' (docs/api.md, "Texts and forms").
 */
export const PEDIDO_TIENDA_STATUSES = PEDIDO_STATUSES;
export type PedidoTiendaStatus = PedidoStatus;

export const pedidosTiendaMessages = {
  titulo: 'Pedidos',
  sinResultados: 'No se encontraron pedidos con los filtros aplicados',
  nuevoPedido: 'Nuevo pedido recibido',
  limpiarFiltros: 'Limpiar filtros',
  actualizarAhora: 'Actualizar ahora',
  completar: 'Completar Pedido',
  cancelar: 'Cancelar Pedido',
  confirmarCompletar: 'Desea completar este pedido?',
  confirmarCancelar: 'Desea cancelar este pedido?',
  verEnMaps: 'Ver en Maps',
  desconocido: 'Desconocido',
} as const;

/** 'Nuevo pedido recibido' stays 5 s (docs/web-screens.md, "Toasts and timings"). */
export const DURACION_AVISO_NUEVO_PEDIDO_MS = 5000;
/** Order polling every 30000 ms (docs/web-screens.md, "Toasts and timings"). */
export const INTERVALO_SONDEO_PEDIDOS_MS = 30_000;
/** Back to /pedidos after completing or cancelling (docs/web-screens.md, "Toasts and timings"). */
export const ESPERA_TRAS_ACCION_PEDIDO_MS = 500;
/** The alert sound's volume (docs/web-screens.md, "Toasts and timings"). */
export const VOLUMEN_AVISO_PEDIDO = 0.5;

export type PedidosTab = 'ACTIVOS' | 'COMPLETADOS' | 'CANCELADOS' | 'SIN_ATENDER';

/** What the tabs read of an order; `escalado` and `vistoEn` come with every owner's order. */
export interface PedidoDeTab {
  readonly status: string;
  readonly escalado?: boolean;
  readonly vistoEn?: string | null;
}

/**
 * The board's "Sin atender" tab and the API's `sinAtender` filter, written once: an order that
 * escalated (it waited too long as NUEVO), or one cancelled without the owner ever opening it.
 * The server's filter reads these same values (pedido.repository.ts listPedidos). Not to be
 * confused with the alerts' isPedidoSinAtender (still NUEVO and not yet opened).
 */
export const REGLA_DESATENDIDO = {
  escalado: true,
  /** Orders in this status count when never seen (`vistoEn` null). */
  statusSinVer: 'CANCELADO',
} as const;

export function isPedidoDesatendido(pedido: PedidoDeTab): boolean {
  return (
    pedido.escalado === REGLA_DESATENDIDO.escalado ||
    (pedido.status === REGLA_DESATENDIDO.statusSinVer && (pedido.vistoEn ?? null) === null)
  );
}

export const PEDIDOS_TABS: readonly {
  readonly tab: PedidosTab;
  readonly label: string;
  /** The statuses listed under the tab: the active one holds NUEVO, ACEPTADO and LISTO. */
  readonly statuses: readonly PedidoTiendaStatus[];
  /** Whether an order is listed under the tab. */
  readonly includes: (pedido: PedidoDeTab) => boolean;
  readonly vacio: string;
}[] = [
  {
    tab: 'ACTIVOS',
    label: 'Activos',
    statuses: PEDIDO_STATUSES_ACTIVOS,
    includes: (p) => isPedidoActivo(p.status),
    vacio: 'No hay pedidos activos',
  },
  {
    tab: 'COMPLETADOS',
    label: 'Completados',
    statuses: ['COMPLETADO'],
    includes: (p) => p.status === 'COMPLETADO',
    vacio: 'No hay pedidos completados',
  },
  {
    tab: 'CANCELADOS',
    label: 'Cancelados',
    statuses: ['CANCELADO'],
    includes: (p) => p.status === 'CANCELADO',
    vacio: 'No hay pedidos cancelados',
  },
  {
    // Across statuses: an escalated order is also under Activos until it is handled.
    tab: 'SIN_ATENDER',
    label: 'Sin atender',
    statuses: [],
    includes: isPedidoDesatendido,
    vacio: 'No hay pedidos sin atender',
  },
];

/** The badge of an order that waited too long as NUEVO (text, never colour alone). */
export const ETIQUETA_ESCALADO = 'Sin aceptar a tiempo';

const STATUS_LABELS: Readonly<Record<PedidoTiendaStatus, string>> = {
  NUEVO: 'Nuevo',
  ACEPTADO: 'Aceptado',
  LISTO: 'Listo',
  COMPLETADO: 'Completado',
  CANCELADO: 'Cancelado',
};

export const isPedidoTiendaStatus = isPedidoStatus;

/** The badge text: 'Nuevo', 'Aceptado', 'Completado', 'Cancelado', else 'Desconocido'. */
export function pedidoTiendaStatusLabel(status: string): string {
  return isPedidoTiendaStatus(status) ? STATUS_LABELS[status] : pedidosTiendaMessages.desconocido;
}

/** The status tab an order is listed under; an unknown status belongs to none. */
export function tabOfStatus(status: string): PedidosTab | undefined {
  return PEDIDOS_TABS.find((t) => (t.statuses as readonly string[]).includes(status))?.tab;
}

export type ConteoPorTab = Readonly<Record<PedidosTab, number>>;

/** Orders under each tab (an escalated order counts under its status tab and Sin atender). */
export function countPedidosPorTab(pedidos: readonly PedidoDeTab[]): ConteoPorTab {
  const conteo: Record<PedidosTab, number> = {
    ACTIVOS: 0,
    COMPLETADOS: 0,
    CANCELADOS: 0,
    SIN_ATENDER: 0,
  };
  for (const p of pedidos) {
    for (const t of PEDIDOS_TABS) if (t.includes(p)) conteo[t.tab]++;
  }
  return conteo;
}

// ---- Date filters ----

export type FiltroFecha = 'TODAS' | 'HOY' | 'SEMANA' | 'MES';

/**
 * Today, the last 7 days, the last 30 days, counted in calendar days of the shop's time zone
 * with today included ('Esta semana' is today and the 6 days before it; docs/web-screens.md,
 * "The owner's screens").
 */
export const FILTROS_FECHA: readonly {
  readonly filtro: FiltroFecha;
  readonly label: string;
  readonly dias: number | undefined;
}[] = [
  { filtro: 'TODAS', label: 'Todas', dias: undefined },
  { filtro: 'HOY', label: 'Hoy', dias: 1 },
  { filtro: 'SEMANA', label: 'Esta semana', dias: 7 },
  { filtro: 'MES', label: 'Este mes', dias: 30 },
];

export function isFiltroFecha(value: unknown): value is FiltroFecha {
  return FILTROS_FECHA.some((f) => f.filtro === value);
}

function addDiasAFecha(fecha: string, dias: number): string {
  const [year = 0, month = 1, day = 1] = fecha.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + dias));
  // Years below 100 would be read as 19xx by Date.UTC; orders never date from then.
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The calendar date ('YYYY-MM-DD') an order's timestamp shows in the shop's zone. */
export function fechaLocalDePedido(fecha: string, timeZone: string): string | undefined {
  const instant = new Date(fecha);
  if (Number.isNaN(instant.getTime())) return undefined;
  const local = getLocalDateTime(instant, timeZone).fecha;
  return isValidFecha(local) ? local : undefined;
}

/**
 * Whether an order falls in the date filter. Only the start is bounded: an order stamped a
 * little ahead of this device's clock is still today's, never hidden.
 */
export function isEnRangoDeFecha(
  fecha: string,
  filtro: FiltroFecha,
  now: Date,
  timeZone: string,
): boolean {
  const dias = FILTROS_FECHA.find((f) => f.filtro === filtro)?.dias;
  if (dias === undefined) return true;
  const local = fechaLocalDePedido(fecha, timeZone);
  if (local === undefined) return false;
  const hoy = getLocalDateTime(now, timeZone).fecha;
  return local >= addDiasAFecha(hoy, -(dias - 1));
}

// ---- Search by user ----

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Search by user: the shopper's name (case and accents ignored) or, when the text looks like a
 * phone number, its digits anywhere in the shopper's phone.
 */
export function matchesBusquedaDeUsuario(
  pedido: { readonly nombreCompleto: string; readonly celular: string },
  busqueda: string,
): boolean {
  const texto = plain(busqueda);
  if (texto === '') return true;
  if (plain(pedido.nombreCompleto).includes(texto)) return true;
  const digitos = normalizeCelular(texto);
  return (
    /^[\d\s()+-]+$/.test(texto) &&
    digitos !== '' &&
    normalizeCelular(pedido.celular).includes(digitos)
  );
}

// ---- The list ----

export interface PedidoFiltrable extends PedidoDeTab {
  readonly id: number;
  readonly fecha: string;
  readonly nombreCompleto: string;
  readonly celular: string;
}

export interface FiltrosPedidos {
  readonly tab: PedidosTab;
  readonly busqueda: string;
  readonly fecha: FiltroFecha;
}

export const FILTROS_INICIALES: FiltrosPedidos = { tab: 'ACTIVOS', busqueda: '', fecha: 'TODAS' };

/** Search or date filter in use ('Limpiar filtros' clears them; the tab stays). */
export function hasFiltrosActivos(filtros: FiltrosPedidos): boolean {
  return filtros.busqueda.trim() !== '' || filtros.fecha !== 'TODAS';
}

export interface PedidosFiltrados<T> {
  /** The orders shown, newest first. */
  readonly visibles: T[];
  /** Orders in the tab before the search and date filters ('Mostrando X de Y pedidos'). */
  readonly totalEnTab: number;
  readonly conteo: ConteoPorTab;
  /** The empty message to show, or undefined when something is shown. */
  readonly vacio: string | undefined;
}

export function filterPedidosDeTienda<T extends PedidoFiltrable>(
  pedidos: readonly T[],
  filtros: FiltrosPedidos,
  now: Date,
  timeZone: string,
): PedidosFiltrados<T> {
  const tab = PEDIDOS_TABS.find((t) => t.tab === filtros.tab) ?? PEDIDOS_TABS[0];
  const enTab = tab ? pedidos.filter((p) => tab.includes(p)) : [];
  const visibles = enTab
    .filter(
      (p) =>
        matchesBusquedaDeUsuario(p, filtros.busqueda) &&
        isEnRangoDeFecha(p.fecha, filtros.fecha, now, timeZone),
    )
    .sort((a, b) => b.id - a.id);
  let vacio: string | undefined;
  if (enTab.length === 0) vacio = tab?.vacio;
  else if (visibles.length === 0) vacio = pedidosTiendaMessages.sinResultados;
  return { visibles, totalEnTab: enTab.length, conteo: countPedidosPorTab(pedidos), vacio };
}

/** 'Mostrando 3 de 10 pedidos'. */
export function formatMostrando(mostrados: number, total: number): string {
  return `Mostrando ${mostrados} de ${total} pedidos`;
}

/** Merges one order (a live event, a completed order) into the list, newest id first. */
export function mergePedido<T extends { readonly id: number }>(
  pedidos: readonly T[],
  pedido: T,
): T[] {
  const rest = pedidos.filter((p) => p.id !== pedido.id);
  return [pedido, ...rest].sort((a, b) => b.id - a.id);
}

// ---- New-order alerts ----

/**
 * The first two polls never alert, whatever they bring (docs/web-screens.md, "Toasts and
 * timings").
 */
export const CARGAS_SIN_AVISO = 2;

/** What the order list has already seen, to alert only on orders not seen before. */
export interface VigiaDePedidos {
  readonly vistos: ReadonlySet<number>;
  /** How many full loads of the list (the first one included) have been seen. */
  readonly cargas: number;
}

export const VIGIA_INICIAL: VigiaDePedidos = { vistos: new Set(), cargas: 0 };

type PedidoVigilado = { readonly id: number; readonly status: string };

/**
 * A full load of the list (the first one, a poll, 'Actualizar ahora'): every id becomes seen;
 * from the third load on, NUEVO orders never seen before are the ones to alert about.
 */
export function recordCargaDePedidos<T extends PedidoVigilado>(
  vigia: VigiaDePedidos,
  pedidos: readonly T[],
  cargasSinAviso: number = CARGAS_SIN_AVISO,
): { vigia: VigiaDePedidos; nuevos: T[] } {
  const avisar = vigia.cargas >= cargasSinAviso;
  const nuevos = avisar
    ? pedidos.filter((p) => p.status === 'NUEVO' && !vigia.vistos.has(p.id))
    : [];
  const vistos = new Set(vigia.vistos);
  for (const p of pedidos) vistos.add(p.id);
  return { vigia: { vistos, cargas: vigia.cargas + 1 }, nuevos };
}

/**
 * An order the live stream announced: it was placed after the stream opened, so it alerts
 * as soon as it is new and not seen before (a replayed event for a known order does not).
 */
export function recordEventoDePedido<T extends PedidoVigilado>(
  vigia: VigiaDePedidos,
  pedido: T,
): { vigia: VigiaDePedidos; nuevos: T[] } {
  if (vigia.vistos.has(pedido.id)) return { vigia, nuevos: [] };
  const vistos = new Set(vigia.vistos);
  vistos.add(pedido.id);
  return { vigia: { ...vigia, vistos }, nuevos: pedido.status === 'NUEVO' ? [pedido] : [] };
}

// ---- Amounts and links ----

export interface LineaDePedidoTienda {
  readonly cantidad: number;
  /** Unit price in pesos. */
  readonly precio: number;
}

/** The detail's totals in centavos: subtotal (sum of lines), articles, delivery, total. */
export function totalesDePedidoTienda(pedido: {
  readonly pedidoDetalles: readonly LineaDePedidoTienda[];
  readonly costoDeEnvio: number;
}): { subtotal: number; cantidadDeArticulos: number; envio: number; total: number } {
  const envio = pesosToCentavos(pedido.costoDeEnvio);
  const { subtotal, cantidadDeArticulos, total } = computeTotal({
    lineas: pedido.pedidoDetalles.map(lineaEnCentavos),
    costoDeEnvio: envio,
  });
  return { subtotal, cantidadDeArticulos, envio, total };
}

/** 'Ver en Maps': a Google Maps search for the delivery address. */
export function mapsSearchUrl(direccion: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(direccion.trim())}`;
}

/** WhatsApp to the order's `cliente` (Mexican prefix 52), or undefined without a 10-digit phone. */
export function whatsappClienteUrl(celular: string): string | undefined {
  const digitos = normalizeCelular(celular);
  return digitos.length === 10 ? `https://wa.me/52${digitos}` : undefined;
}

/** '1 artículo', '3 artículos'. */
export function formatArticulos(cantidad: number): string {
  return `${cantidad} ${cantidad === 1 ? 'artículo' : 'artículos'}`;
}

const formatosFecha = new Map<string, Intl.DateTimeFormat>();

function formatoDe(timeZone: string, estilo: 'corta' | 'completa'): Intl.DateTimeFormat {
  const key = `${timeZone}|${estilo}`;
  let formato = formatosFecha.get(key);
  if (!formato) {
    formato = new Intl.DateTimeFormat('es-MX', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: estilo === 'corta' ? '2-digit' : 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatosFecha.set(key, formato);
  }
  return formato;
}

/**
 * The rows' short date ('05/03/25 14:07') or the detail's ('05/03/2025 14:07'), on the shop's
 * wall clock; an unreadable timestamp is shown as it came.
 */
export function formatFechaPedido(
  fecha: string,
  timeZone: string,
  estilo: 'corta' | 'completa' = 'corta',
): string {
  const instant = new Date(fecha);
  if (Number.isNaN(instant.getTime())) return fecha;
  const parts = formatoDe(timeZone, estilo).formatToParts(instant);
  const read = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const hour = read('hour') === '24' ? '00' : read('hour');
  return `${read('day')}/${read('month')}/${read('year')} ${hour}:${read('minute')}`;
}
