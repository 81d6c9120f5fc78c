/**
 * The public entry of an order's tracking page: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { seguimientoKey, useSeguimiento } from './api/get-seguimiento';
export { POLLING_SEGUIMIENTO_MS, useSeguimientoEnVivo } from './api/seguimiento-eventos';
export { SeguimientoPedido } from './components/seguimiento-pedido';
export { SeguimientosGuardadosLista } from './components/seguimientos-guardados-lista';
export {
  saveSeguimiento,
  listSeguimientos,
  seguimientoHref,
  takeRecienHecho,
} from './seguimientos-guardados';
