import { Link } from 'react-router';
import type { CategoriaPublica, ProductoPublico } from '../api/get-tienda-publica';
import { productoPath, type ProductoNavState } from '../logic/catalogo';
import { precioTexto } from '../logic/precio';
import { cardClass, cardImageSizes, gridClass } from './card-styles';
import { TiendaImage } from './tienda-image';

/** A category's product cards: image, '$ price' and name, each leading to the detail page. */
export function ProductoCards(props: {
  usuario: string;
  categoria: CategoriaPublica;
  productos: ProductoPublico[];
}) {
  return (
    <ul className={gridClass}>
      {props.productos.map((producto, index) => {
        const state: ProductoNavState = { producto };
        const precio = precioTexto(producto.price);
        return (
          <li key={producto.id}>
            <Link
              to={productoPath(props.usuario, props.categoria, producto)}
              state={state}
              aria-label={`${producto.name}, ${precio}`}
              className={cardClass}
            >
              <TiendaImage
                src={producto.imageUrl}
                alt={producto.name}
                width={300}
                height={225}
                sizes={cardImageSizes}
                priority={index < 2}
                className="aspect-[4/3] w-full"
              />
              <span className="block px-3 pt-2 text-lg font-bold text-marca-700">{precio}</span>
              <span className="block px-3 pb-3 break-words">{producto.name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
