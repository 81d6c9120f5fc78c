/**
 * The public entry of the ticket printer: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { ImpresoraAjustes } from './components/impresora-ajustes';
export { ImprimirEnTermica } from './components/imprimir-en-termica';
export { printOnAccept } from './print-on-accept';
