/**
 * Pieces in one basket or order line (the same cap for addItem, `cantidad` and guest lines): a
 * real order never needs more, and a typo of 500 tacos is caught.
 */
export const CANTIDAD_MAXIMA_POR_LINEA = 99;

/** The largest amount stored (a 32-bit integer of centavos on PostgreSQL). */
export const MONTO_MAXIMO_CENTAVOS = 2_147_483_647;

export const carritoMessages = {
  cantidadMaxima: `No puedes agregar más de ${CANTIDAD_MAXIMA_POR_LINEA} piezas de un producto`,
  montoMaximo: 'El total del pedido es demasiado grande; divídelo en pedidos más pequeños',
  carritoVacio: 'Tu carrito esta vacio',
} as const;
