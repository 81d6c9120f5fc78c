import { Link } from 'react-router';
import type { CategoriaPublica } from '../api/get-tienda-publica';
import { categoriaPath } from '../logic/catalogo';
import { cardClass, cardImageSizes, gridClass } from './card-styles';
import { TiendaImage } from './tienda-image';

/**
 * The shop page's category cards, in the order given. Each link is named by its caption; the
 * image only decorates it (alt ''), so the title is read once and as shown.
 */
export function CategoriaCards(props: { usuario: string; categorias: CategoriaPublica[] }) {
  return (
    <ul className={gridClass}>
      {props.categorias.map((categoria, index) => (
        <li key={categoria.id}>
          <Link to={categoriaPath(props.usuario, categoria)} className={cardClass}>
            <TiendaImage
              src={categoria.imageUrl}
              alt=""
              width={300}
              height={225}
              sizes={cardImageSizes}
              // The first row is what a phone opens on: its largest paint.
              priority={index < 2}
              className="aspect-[4/3] w-full"
            />
            <span className="block px-3 py-2 font-semibold [overflow-wrap:anywhere]">
              {categoria.title}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
