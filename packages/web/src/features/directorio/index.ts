/**
 * The public entry of the shops' directory: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { TarjetaTienda } from './components/tarjeta-tienda';
