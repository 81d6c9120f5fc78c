import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import {
  useMiTienda,
  AjustesBannerDesactivada,
  useCatalogoAcciones,
  CatalogoAddMenu,
  listCategorias,
  CatalogoTodosLosProductos,
} from '../../features/mi-tienda';

/** /mitiendaproductos: every product of the shop, by name in Spanish order. */
export default function MiTiendaProductosScreen() {
  const { data: tienda, error, refetch } = useMiTienda();
  const acciones = useCatalogoAcciones(tienda);
  const hasCategoria = listCategorias(tienda).length > 0;
  return (
    <Page title="Productos" wide>
      {tienda ? (
        <>
          <AjustesBannerDesactivada tienda={tienda} />
          <CatalogoTodosLosProductos tienda={tienda} onAddProducto={() => acciones.addProducto()} />
          {hasCategoria && (
            <CatalogoAddMenu
              canAddProducto
              onAddCategoria={acciones.addCategoria}
              onAddProducto={() => acciones.addProducto()}
            />
          )}
        </>
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
