import { useLocation, useParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { notify } from '../../lib/toast';
import {
  addCategoria,
  CatalogoFormCarga,
  deleteCategoria,
  useMiTienda,
  updateCategoria,
  CatalogoCategoriaForm,
  type CategoriaSave,
  useGoBack,
  findCategoria,
  readId,
  type CategoriaDeTienda,
} from '../../features/mi-tienda';

/** /admin-categoria-form(/{id}): create a category, or edit or delete one. */
export default function CategoriaFormScreen() {
  const params = useParams();
  const location = useLocation();
  const goBack = useGoBack();
  const id = readId(params.id);
  const editing = params.id !== undefined;
  const { data: tienda } = useMiTienda();
  const fromState = (location.state as { categoria?: CategoriaDeTienda } | null)?.categoria;
  const categoria =
    findCategoria(tienda, id) ?? (!tienda && fromState?.id === id ? fromState : undefined);

  const save = async (save: CategoriaSave) => {
    if (save.kind === 'add') {
      await addCategoria(save.body);
      notify.success('Categoría agregada');
    } else {
      await updateCategoria(save.body);
      notify.success('Categoría actualizada');
    }
    goBack();
  };

  const remove = async () => {
    if (!categoria) return;
    await deleteCategoria(categoria.id);
    notify.success('Categoría eliminada');
    goBack();
  };

  return (
    <Page
      title="Categorias"
      heading={
        <>
          Categorias
          <span className="block text-base font-normal text-stone-600">
            {editing ? 'Editar categoría' : 'Nueva categoría'}
          </span>
        </>
      }
    >
      <CatalogoFormCarga noExiste={editing && !categoria ? 'La categoría no existe' : undefined}>
        {(tienda) => (
          <CatalogoCategoriaForm
            key={categoria?.id ?? 'nueva'}
            categoria={categoria}
            tiendaId={tienda.tiendaId}
            configured={tienda.configured}
            onSave={save}
            onDelete={categoria ? remove : undefined}
            onCancel={goBack}
          />
        )}
      </CatalogoFormCarga>
    </Page>
  );
}
