import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import AjustesBannerDesactivada from '../../features/mi-tienda/components/ajustes-banner-desactivada';
import { useCatalogoAcciones } from '../../features/mi-tienda/components/catalogo-acciones';
import { CatalogoAddMenu } from '../../features/mi-tienda/components/catalogo-add-menu';
import { listCategorias } from '../../features/mi-tienda/components/catalogo-productos';
import { CatalogoTodosLosProductos } from '../../features/mi-tienda/components/catalogo-todos-productos';

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
