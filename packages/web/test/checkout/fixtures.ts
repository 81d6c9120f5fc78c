import type { CanastaCheckout } from '../../src/features/checkout/logic/checkout-values';

/**
 * What the checkout gets of a basket: Taquería Lupe (shop 7), open, two tacos at $30, pickup
 * only, cash only, no minimum and no delivery fee. `over` changes what a test is about.
 */
export function canastaCheckout(over: Partial<CanastaCheckout> = {}): CanastaCheckout {
  return {
    tiendaId: 7,
    nombreTienda: 'Taquería Lupe',
    lineas: [{ productoId: 11, cantidad: 2, opciones: [], nota: null, precio: 30 }],
    montoMinimo: 0,
    costoDeEnvio: 0,
    entrega: { recoger: true, domicilio: false },
    pagos: { efectivo: true, terminal: false, transferencia: null },
    abierta: true,
    mensajeCerrada: null,
    ...over,
  };
}
