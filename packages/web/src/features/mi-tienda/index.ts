/**
 * The public entry of the owner's shop, catalogue and hours: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { activateProducto } from './api/activate-producto';
export { activateTienda } from './api/activate-tienda';
export { addCategoria } from './api/add-categoria';
export { addProducto } from './api/add-producto';
export { deleteCategoria } from './api/delete-categoria';
export { deleteProducto } from './api/delete-producto';
export { addDiaEspecial, deleteDiaEspecial, useDiasEspeciales } from './api/dias-especiales';
export { useHorarios } from './api/get-horarios';
export {
  miTiendaKey,
  useMiTienda,
  type MiTienda,
  type ProductoDeMiTienda,
} from './api/get-mi-tienda';
export { callOwnerMutation } from './api/owner-call';
export { saveHorarios } from './api/save-horarios';
export { updateCategoria } from './api/update-categoria';
export { updateProducto } from './api/update-producto';
export { updateTienda } from './api/update-tienda';
export { uploadImage } from './api/upload-image';
export { ActivarTiendaForm } from './components/activar-tienda-form';
export { default as AjustesBannerDesactivada } from './components/ajustes-banner-desactivada';
export { AjustesPagina } from './components/ajustes-pagina';
export { ErrorDeAjustes, TiendaSinConfigurar } from './components/ajustes-form';
export { ESTADO_DE_TIENDA_TEXTO, estadoDeTienda } from './components/ajustes-estado-tienda';
export { AjustesMenu } from './components/ajustes-menu';
export { useCatalogoAcciones } from './components/catalogo-acciones';
export { CatalogoAddMenu } from './components/catalogo-add-menu';
export { AgotadoToggle } from './components/catalogo-agotado';
export { CatalogoCategoriaForm, type CategoriaSave } from './components/catalogo-categoria-form';
export { CatalogoCategoriaGrid } from './components/catalogo-categoria-grid';
export { CatalogoFormCarga } from './components/catalogo-form-carga';
export { useGoBack } from './components/catalogo-go-back';
export { CatalogoProductoForm } from './components/catalogo-producto-form';
export { CatalogoProductoList } from './components/catalogo-producto-list';
export type { ProductoSave } from './components/catalogo-producto-save';
export {
  findCategoria,
  findProducto,
  imageOrUndefined,
  listCategorias,
  listProductos,
  listProductosOf,
  readId,
  sortProductosByName,
  type CategoriaDeTienda,
  type ProductoDeTienda,
} from './components/catalogo-productos';
export { CatalogoSearch } from './components/catalogo-search';
export { useMiTiendaTab } from './components/catalogo-tab';
export { CatalogoTabs } from './components/catalogo-tabs';
export { CatalogoTodosLosProductos } from './components/catalogo-todos-productos';
export { HorariosDiasEspeciales } from './components/horarios-dias-especiales';
export { filasDesdeGuardados, filasPorDefecto } from './components/horarios-semana';
export { HorariosTabla } from './components/horarios-tabla';
export { PausaPedidos, PausaPedidosCargando } from './components/pausa-pedidos';
export { QrCodigo } from './components/qr-codigo';
export { UbicacionActual } from './components/ubicacion-actual';
export { WizardTienda } from './components/wizard-tienda';
export {
  checkWizardTienda,
  cuerpoDeTiendaCon,
  textoDePunto,
  wizardValuesFromTienda,
  type TiendaUpdateBody,
} from './components/wizard-tienda-values';
export { EstadoTienda } from './components/ajustes-estado-tienda.lazy';
export { useSaveAjustes } from './hooks/use-save-ajustes';
