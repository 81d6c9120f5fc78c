// The checkout feature's public entry: what other features (the owner's manual order) use of it.
export { nuevaIdempotencyKey } from './api/hacer-pedido';
export {
  EntregaCampos,
  PagoCampos,
  type CampoDeTexto,
  type QuienLlena,
} from './components/entrega-pago-campos';
export { leerPagaCon, precioCambiado, type CheckoutValues } from './logic/checkout-values';
export * from './logic/zona-de-entrega';
