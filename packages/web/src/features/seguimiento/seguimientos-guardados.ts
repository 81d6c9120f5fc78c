import type { PedidoVista } from '@tianguis/domain';

/**
 * The tracking links of the orders placed on this phone without an account, newest first, so
 * "Mis pedidos" can list them: the secret is a guest's only key to an order.
 */
export const SEGUIMIENTOS_KEY = 'tianguis.seguimientos';
const MAXIMO = 30;

export interface SeguimientoGuardado {
  seguimiento: string;
  pedidoId: number;
  nombreTienda: string;
  /** ISO, when it was placed. */
  fecha: string;
  /** Pesos. */
  montoTotal: number;
}

function isGuardado(value: unknown): value is SeguimientoGuardado {
  const v = value as Partial<SeguimientoGuardado> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.seguimiento === 'string' &&
    v.seguimiento !== '' &&
    typeof v.pedidoId === 'number' &&
    typeof v.nombreTienda === 'string' &&
    typeof v.fecha === 'string' &&
    typeof v.montoTotal === 'number'
  );
}

export function listSeguimientos(): SeguimientoGuardado[] {
  try {
    const lista: unknown = JSON.parse(localStorage.getItem(SEGUIMIENTOS_KEY) ?? '[]');
    return Array.isArray(lista) ? lista.filter(isGuardado) : [];
  } catch {
    return [];
  }
}

/** The order this tab has just placed, until its tracking page takes it (takeRecienHecho). */
let recienHecho: string | undefined;

/**
 * Whether `seguimiento` is the order this tab has just placed, once: its tracking page then puts
 * the order list under itself in the history, so Back leads there instead of to the checkout
 * the order has just emptied.
 */
export function takeRecienHecho(seguimiento: string): boolean {
  if (recienHecho !== seguimiento) return false;
  recienHecho = undefined;
  return true;
}

export function saveSeguimiento(seguimiento: string, pedido: PedidoVista): void {
  recienHecho = seguimiento;
  const nuevo: SeguimientoGuardado = {
    seguimiento,
    pedidoId: pedido.id,
    nombreTienda: pedido.nombreTienda,
    fecha: pedido.fecha,
    montoTotal: pedido.montoTotal,
  };
  const resto = listSeguimientos().filter((s) => s.seguimiento !== seguimiento);
  try {
    localStorage.setItem(SEGUIMIENTOS_KEY, JSON.stringify([nuevo, ...resto].slice(0, MAXIMO)));
  } catch {
    // Private mode or a full storage: the order exists all the same; only the list misses it.
  }
}

/** The app's address of an order's tracking page. */
export function seguimientoHref(seguimiento: string): string {
  return `/pedido/seguimiento/${encodeURIComponent(seguimiento)}`;
}
