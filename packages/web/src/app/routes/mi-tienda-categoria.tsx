import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import {
  useMiTienda,
  AjustesBannerDesactivada,
  useCatalogoAcciones,
  CatalogoAddMenu,
  CatalogoProductoList,
  findCategoria,
  listProductosOf,
  readId,
  sortProductosByName,
  type CategoriaDeTienda,
} from '../../features/mi-tienda';

/**
 * /mitiendacategoria: the products of one category. The category comes as navigation state;
 * the ?id= query lets a reload find it again. Without either, back to /mitienda.
 */
export default function MiTiendaCategoriaScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as { categoria?: CategoriaDeTienda } | null)?.categoria;
  const id = fromState?.id ?? readId(params.get('id'));
  const { data: tienda, error, refetch } = useMiTienda(id !== undefined);
  const acciones = useCatalogoAcciones(tienda);

  if (id === undefined) return <Navigate to="/mitienda" replace />;
  // The cached shop is fresher than the state (a product edited since is shown as it is now).
  const categoria = findCategoria(tienda, id) ?? (tienda ? undefined : fromState);
  if (tienda && !categoria) return <Navigate to="/mitienda" replace />;

  const productos = categoria ? sortProductosByName(listProductosOf(categoria)) : [];
  return (
    <Page title={categoria?.title ?? 'Categoria'} wide>
      {categoria ? (
        <>
          {tienda && <AjustesBannerDesactivada tienda={tienda} />}
          {productos.length > 0 ? (
            <CatalogoProductoList productos={productos} />
          ) : (
            <EmptyState title="Esta categoria no tiene productos" />
          )}
          {tienda && (
            <CatalogoAddMenu
              canAddProducto
              onAddCategoria={acciones.addCategoria}
              onAddProducto={() => acciones.addProducto(categoria.id)}
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
