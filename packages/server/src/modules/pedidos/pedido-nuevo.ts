/**
 * New orders are placed by the checkout (modules/checkout). The orders counter in http/metrics.ts
 * still reads an order's origin from this path; the map lives in pedido.service.ts.
 */
export { origenDePedidoNuevo } from './pedido.service.js';
