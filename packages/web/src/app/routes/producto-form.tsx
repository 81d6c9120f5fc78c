import { Link, useLocation, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState } from '../../components/ui/status';
import { notify } from '../../lib/toast';
import {
  activateProducto,
  addProducto,
  CatalogoFormCarga,
  deleteProducto,
  useMiTienda,
  updateProducto,
  useGoBack,
  CatalogoProductoForm,
  type MiTienda,
  type ProductoSave,
  findProducto,
  listCategorias,
  readId,
  type ProductoDeTienda,
} from '../../features/mi-tienda';

interface ProductoFormState {
  producto?: ProductoDeTienda;
  /** A new product started from a category's page starts in that category. */
  categoriaId?: number;
}

/** The call behind each decision, and the toast once the server has taken it. */
async function runSave(save: ProductoSave) {
  switch (save.kind) {
    case 'add':
      await addProducto(save.body);
      notify.success('Producto agregado');
      return;
    case 'update':
      await updateProducto(save.body);
      notify.success('Producto actualizado');
      return;
    case 'deactivate':
      await activateProducto(save.productoId, false);
      notify.success('Producto desactivado');
      return;
  }
}

/** /producto-form(/{id}): create a product, or edit, switch off or delete one. */
export default function ProductoFormScreen() {
  const params = useParams();
  const location = useLocation();
  const goBack = useGoBack();
  const id = readId(params.id);
  const editing = params.id !== undefined;
  const state = (location.state as ProductoFormState | null) ?? {};
  const { data: tienda } = useMiTienda();
  const producto = findProducto(tienda, id);
  const categorias = listCategorias(tienda);

  const form = (cargada: MiTienda) =>
    categorias.length === 0 ? (
      <EmptyState
        title="Primero crea una categoría"
        text="Cada producto pertenece a una categoría de tu tienda."
      >
        <Link to="/admin-categoria-form" className={buttonClass('primary')}>
          Agregar Categoria
        </Link>
      </EmptyState>
    ) : (
      <CatalogoProductoForm
        key={producto?.id ?? 'nuevo'}
        producto={producto}
        categorias={categorias}
        tiendaId={cargada.tiendaId}
        defaultCategoriaId={state.categoriaId}
        onSave={async (save) => {
          await runSave(save);
          goBack();
        }}
        onDelete={
          producto
            ? async () => {
                await deleteProducto(producto.id);
                notify.success('Producto eliminado');
                goBack();
              }
            : undefined
        }
        onCancel={goBack}
      />
    );
  return (
    <Page title={editing ? 'Editar Producto' : 'Agregar Producto'}>
      <CatalogoFormCarga noExiste={editing && !producto ? 'El producto no existe' : undefined}>
        {form}
      </CatalogoFormCarga>
    </Page>
  );
}
