/**
 * The public entry of the new-order alerts: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { usePantallaEncendida } from './hooks/use-pantalla-encendida';
export { AlertasTienda } from './components/alertas-tienda.lazy';
