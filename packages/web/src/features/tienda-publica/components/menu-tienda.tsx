import { useId } from 'react';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import {
  categoriasConProductos,
  productosOrdenados,
  segmentOf,
} from '../../../lib/tienda-publica/catalogo';
import { useCompraDelMenu } from './compra-en-espera';
import { ProductoLista } from './producto-lista';

/** The anchor of a category's section on the menu: `#categoria-tacosalpastor`. */
export function seccionDeCategoria(categoria: { title: string }): string {
  return `categoria-${segmentOf(categoria)}`;
}

/**
 * The whole menu on the shop's page (docs/shop-pages.md, "The menu"): chips across the top, held
 * under the top bar, that jump to each category's section (plain links to the section's anchor:
 * they work before the app has loaded, and without it), and every category as a section with
 * its products, prices and 'Agregar'.
 */
export function MenuTienda({ answer }: { answer: TiendaPublicaAnswer }) {
  const { tienda } = answer;
  const id = useId();
  const { compra, motor } = useCompraDelMenu(answer);
  const categorias = categoriasConProductos(tienda);
  return (
    <>
      <nav
        aria-label="Categorías del menú"
        className="sticky top-[53px] z-10 -mx-4 overflow-x-auto border-b border-stone-200 bg-stone-50/95 px-4 py-2 backdrop-blur"
      >
        <ul className="flex gap-2 whitespace-nowrap">
          {categorias.map((categoria) => (
            <li key={categoria.id}>
              <a
                href={`#${encodeURIComponent(seccionDeCategoria(categoria))}`}
                className="inline-flex min-h-10 items-center rounded-full border border-stone-300 bg-white px-3.5 text-sm font-semibold text-stone-800 hover:border-marca-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-600"
              >
                {categoria.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categorias.map((categoria, index) => (
        <section
          key={categoria.id}
          id={seccionDeCategoria(categoria)}
          aria-labelledby={`${id}-${categoria.id}`}
          // Its heading clears the top bar and the chips when a chip scrolls to it.
          className="scroll-mt-[110px] pt-5"
        >
          <h2 id={`${id}-${categoria.id}`} className="text-xl font-bold [overflow-wrap:anywhere]">
            {categoria.title}
          </h2>
          <ProductoLista
            usuario={tienda.usuario}
            categoria={categoria}
            productos={productosOrdenados(categoria)}
            compra={compra}
            prioritarias={index === 0 ? 2 : 0}
          />
        </section>
      ))}
      {motor}
    </>
  );
}
