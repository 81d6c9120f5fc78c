/**
 * The public entry of the sales screens: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { CortePantalla } from './components/corte-pantalla';
export { VentasPantalla } from './components/ventas-pantalla';
