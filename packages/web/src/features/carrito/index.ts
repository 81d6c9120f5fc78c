/**
 * The public entry of the basket: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { carritoKey } from './api/get-carrito';
export { hasCanastaLocal, subscribeCanastaLocal } from './canasta/canasta-clave';
export { gruposDef, precioDeLinea } from './canasta/lineas';
export {
  canastaMessages,
  useCanasta,
  useCanastas,
  type Canasta,
  type LineaCanasta,
  type NuevaLinea,
  type TiendaDeCanasta,
} from './canasta/use-canasta';
export { CanastaBarra } from './components/canasta-barra';
export { CantidadStepper, type CantidadStepperProps } from './components/cantidad-stepper';
export { CartButton } from './components/cart-button.lazy';
export { CanastaVisitanteBoton } from './components/canasta-visitante-boton.lazy';
