import { Link } from 'react-router';
import type {
  CategoriaPublica,
  ProductoPublico,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { productoPath, type ProductoNavState } from '../../../lib/tienda-publica/catalogo';
import { precioTexto } from '../logic/precio';
import { cardImageSizes, gridClass } from './card-styles';
import { ProductoAgregar, type CompraBase } from './producto-agregar';
import { TiendaImage } from './tienda-image';

/**
 * Product cards: image, name and '$ price' leading to the detail page, and under them the add
 * control (quick add and − quantity +, or the options sheet). The link's name is its visible
 * text (the image only decorates it), so it is read once and as shown. The first `prioritarias`
 * images are what a phone opens on: loaded first, not lazily.
 */
export function ProductoLista(props: {
  usuario: string;
  categoria: CategoriaPublica;
  productos: ProductoPublico[];
  compra: CompraBase;
  prioritarias: number;
}) {
  return (
    <ul className={`${gridClass} mt-3`}>
      {props.productos.map((producto, index) => {
        const state: ProductoNavState = { producto };
        return (
          <li
            key={producto.id}
            className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            <Link
              to={productoPath(props.usuario, props.categoria, producto)}
              state={state}
              className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-600"
            >
              <TiendaImage
                src={producto.imageUrl}
                alt=""
                width={300}
                height={225}
                sizes={cardImageSizes}
                priority={index < props.prioritarias}
                className="aspect-[4/3] w-full"
              />
              <span className="block px-3 pt-2 [overflow-wrap:anywhere]">{producto.name}</span>
              <span className="block px-3 text-lg font-bold text-marca-700">
                {precioTexto(producto.price)}
              </span>
            </Link>
            <div className="mt-auto px-3 pt-1 pb-3">
              <ProductoAgregar producto={producto} compra={props.compra} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
