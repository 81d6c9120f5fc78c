/**
 * The public entry of checkout (the basket's cards and the order form): what app/ and other
 * features (the owner's manual order) use of this folder; the rest is the feature's own
 * (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on import.
 */
export { nuevaIdempotencyKey, postPedido } from './api/place-pedido';
export { CheckoutCard } from './components/checkout-card';
export { CheckoutDeCanasta } from './components/checkout-de-canasta';
export {
  EntregaCampos,
  PagoCampos,
  type CampoDeTexto,
  type QuienLlena,
} from './components/entrega-pago-campos';
export { parsePagaCon, precioCambiado, type CheckoutValues } from './logic/checkout-values';
export * from './logic/zona-de-entrega';
