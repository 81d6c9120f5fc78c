import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/status';
import type { MiTienda } from '../api/get-mi-tienda';
import { CatalogoProductoList } from './catalogo-producto-list';
import { listCategorias, listProductos, sortProductosByName } from './catalogo-productos';

/** Every product of the shop by name (Spanish order), as /mitiendaproductos and its tab show. */
export function CatalogoTodosLosProductos(props: { tienda: MiTienda; onAddProducto: () => void }) {
  const productos = sortProductosByName(listProductos(props.tienda));
  if (productos.length > 0) return <CatalogoProductoList productos={productos} />;
  const hasCategoria = listCategorias(props.tienda).length > 0;
  return (
    <EmptyState
      title="No tienes productos aun"
      text={
        hasCategoria
          ? 'Agrega tu primer producto para que tus clientes lo vean.'
          : 'Primero crea una categoría; después podrás agregarle productos.'
      }
    >
      {hasCategoria && <Button onClick={props.onAddProducto}>Agregar Producto</Button>}
    </EmptyState>
  );
}
