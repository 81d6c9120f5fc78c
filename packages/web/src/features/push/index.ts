/**
 * The public entry of Web Push notices: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { AvisosPush } from './components/avisos-push';
export { AvisosPushDiferido } from './components/avisos-push-diferido';
export { avisoDesdeMensaje, urlDelAviso, type TipoAviso } from './logic/aviso-push';
export { registerServiceWorker } from './service-worker';
