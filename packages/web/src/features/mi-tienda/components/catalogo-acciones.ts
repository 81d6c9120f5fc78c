import { catalogoMessages } from '@tianguis/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import type { MiTienda } from '../api/get-mi-tienda';
import { listProductosOf, type CategoriaDeTienda } from './catalogo-productos';

export function sinProductosMessage(title: string): string {
  return `No tiene productos en la categoria de ${title}`;
}

/** The owner lists' shared moves: add a category or product, open a category. */
export function useCatalogoAcciones(tienda: MiTienda | undefined) {
  const navigate = useNavigate();
  const configured = tienda?.configured ?? false;

  const addCategoria = useCallback(() => {
    if (!configured) {
      notify.error(catalogoMessages.tiendaSinConfigurar);
      return;
    }
    void navigate('/admin-categoria-form');
  }, [configured, navigate]);

  const addProducto = useCallback(
    (categoriaId?: number) => {
      void navigate('/producto-form', { state: categoriaId ? { categoriaId } : undefined });
    },
    [navigate],
  );

  const openCategoria = useCallback(
    (categoria: CategoriaDeTienda) => {
      if (listProductosOf(categoria).length === 0) {
        notify.error(sinProductosMessage(categoria.title));
        return;
      }
      void navigate(`/mitiendacategoria?id=${categoria.id}`, { state: { categoria } });
    },
    [navigate],
  );

  return { addCategoria, addProducto, openCategoria };
}
