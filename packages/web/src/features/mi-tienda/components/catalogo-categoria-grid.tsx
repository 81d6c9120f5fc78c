import { CatalogoEditarEnlace } from './catalogo-editar-enlace';
import { CatalogoImagen } from './catalogo-imagen';
import { listProductosOf, type CategoriaDeTienda } from './catalogo-productos';

function contarProductos(n: number): string {
  return n === 1 ? '1 producto' : `${n} productos`;
}

/** The owner's categories as cards: open one to see its products, or edit it. */
export function CatalogoCategoriaGrid(props: {
  categorias: readonly CategoriaDeTienda[];
  onOpen: (categoria: CategoriaDeTienda) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {props.categorias.map((categoria) => {
        const count = listProductosOf(categoria).length;
        return (
          <li
            key={categoria.id}
            className="relative overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            <button
              type="button"
              onClick={() => props.onOpen(categoria)}
              className="block w-full text-left hover:bg-stone-50"
            >
              <CatalogoImagen src={categoria.imageUrl} alt="" />
              <span className="block px-3 pt-2 font-semibold break-words">{categoria.title}</span>
              <span className="block px-3 pb-3 text-sm text-stone-600">
                {contarProductos(count)}
              </span>
            </button>
            <CatalogoEditarEnlace
              to={`/admin-categoria-form/${categoria.id}`}
              state={{ categoria }}
              label={`Editar categoria ${categoria.title}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
