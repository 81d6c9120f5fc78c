/** Pieces of one product in one basket line: a real order never needs more. */
export const CANTIDAD_MAXIMA_POR_LINEA = 999;

/** The largest amount stored (a 32-bit integer of centavos on PostgreSQL). */
export const MONTO_MAXIMO_CENTAVOS = 2_147_483_647;

export const carritoMessages = {
  cantidadMaxima: `No puedes agregar más de ${CANTIDAD_MAXIMA_POR_LINEA} piezas de un producto`,
  montoMaximo: 'El total del pedido es demasiado grande; divídelo en pedidos más pequeños',
  carritoVacio: 'Tu carrito esta vacio',
} as const;
