import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { CategoriaPublica } from '../../../lib/tienda-publica/get-tienda-publica';
import { categoriaPath, tiendaPath } from '../../../lib/tienda-publica/catalogo';

/**
 * The way back up (shop › category): a page opened from a QR code or a shared link has no
 * history for the back button to follow.
 */
export function TiendaMigas(props: {
  usuario: string;
  nombre: string;
  categoria?: Pick<CategoriaPublica, 'title'>;
}) {
  const { usuario, nombre, categoria } = props;
  return (
    <nav aria-label="Ruta de navegación" className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-stone-700">
        <li className="min-w-0 [overflow-wrap:anywhere]">
          <Link to={tiendaPath(usuario)} className="underline-offset-2 hover:underline">
            {nombre}
          </Link>
        </li>
        {categoria && (
          <li className="flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
            <ChevronRight aria-hidden="true" className="size-4" />
            <Link
              to={categoriaPath(usuario, categoria)}
              className="underline-offset-2 hover:underline"
            >
              {categoria.title}
            </Link>
          </li>
        )}
      </ol>
    </nav>
  );
}
