/**
 * The public entry of the owner's manual order: what app/ uses of this folder; the rest is the
 * feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on import.
 */
export { PedidoManualForm } from './components/pedido-manual-form';
export { pedidoManualMessages } from './logic/pedido-manual-values';
