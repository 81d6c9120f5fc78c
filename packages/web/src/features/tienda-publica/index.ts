/**
 * The public entry of the public shop page: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { useFranjas } from './api/get-franjas';
export { useDirectorio, type TiendaDirectorio } from './api/list-tiendas';
export { cardImageSizes } from './components/card-styles';
export { CompartirTienda } from './components/compartir-tienda';
export { lineaAhora, LineaHorario, LineaHorarioTexto } from './components/linea-horario';
export { MenuTienda } from './components/menu-tienda';
export { OpcionesGrupos } from './components/opciones-grupos';
export { ProductoCards } from './components/producto-cards';
export { AddToCartButton } from './components/producto-detalle-compra';
export { TiendaCerradaAvisoVivo } from './components/tienda-cerrada-aviso';
export { TiendaCondiciones } from './components/tienda-condiciones';
export { TiendaFrame } from './components/tienda-frame';
export { TiendaImage } from './components/tienda-image';
export { condicionesDeTienda } from './components/tienda-info';
export { TiendaMigas } from './components/tienda-migas';
export { datosParaCompartir, whatsappUrl } from './logic/compartir';
export { precioTexto } from './logic/precio';
export { loadCompraMotor } from './components/compra-motor.lazy';
export { OpcionesSheet } from './components/opciones-sheet.lazy';
export { ProductSearch } from './components/product-search.lazy';
