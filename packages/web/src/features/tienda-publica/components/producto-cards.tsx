import { Link } from 'react-router';
import type {
  CategoriaPublica,
  ProductoPublico,
  TiendaPublicaAnswer,
} from '../api/get-tienda-publica';
import { productoPath, type ProductoNavState } from '../logic/catalogo';
import { precioTexto } from '../logic/precio';
import { CanastaEnlace, ProductoAgregar, useCompra } from './add-to-cart-button';
import { cardImageSizes, gridClass } from './card-styles';
import { TiendaImage } from './tienda-image';

/**
 * A category's product cards: image, name and '$ price' leading to the detail page, and under
 * them the add control (quick add and − quantity +, or the options sheet). The link's name is
 * its visible text (the image only decorates it), so it is read once and as shown.
 */
export function ProductoCards(props: {
  answer: TiendaPublicaAnswer;
  categoria: CategoriaPublica;
  productos: ProductoPublico[];
}) {
  const { answer } = props;
  const usuario = answer.tienda.usuario;
  const { compra, sheet } = useCompra(answer);
  return (
    <>
      <CanastaEnlace canasta={compra.canasta} />
      <ul className={`${gridClass} mt-3`}>
        {props.productos.map((producto, index) => {
          const state: ProductoNavState = { producto };
          return (
            <li
              key={producto.id}
              className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
            >
              <Link
                to={productoPath(usuario, props.categoria, producto)}
                state={state}
                className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-600"
              >
                <TiendaImage
                  src={producto.imageUrl}
                  alt=""
                  width={300}
                  height={225}
                  sizes={cardImageSizes}
                  priority={index < 2}
                  className="aspect-[4/3] w-full"
                />
                <span className="block px-3 pt-2 [overflow-wrap:anywhere]">{producto.name}</span>
                <span className="block px-3 text-lg font-bold text-marca-700">
                  {precioTexto(producto.price)}
                </span>
              </Link>
              <div className="mt-auto px-3 pt-1 pb-3">
                <ProductoAgregar producto={producto} compra={compra} />
              </div>
            </li>
          );
        })}
      </ul>
      {sheet}
    </>
  );
}
