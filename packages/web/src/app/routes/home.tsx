import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { useDirectorio } from '../../features/tienda-publica/api/list-tiendas';
import { TiendaImage } from '../../features/tienda-publica/components/tienda-image';
import { tiendaPath } from '../../features/tienda-publica/logic/catalogo';

/** '/': the shops open to the public, each leading to its page. */
export default function Home() {
  const query = useDirectorio();
  const tiendas = query.data;

  let content;
  if (tiendas === undefined && query.error) {
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (tiendas === undefined) {
    content = <Loading label="Cargando tiendas…" />;
  } else if (tiendas.length === 0) {
    content = (
      <EmptyState
        title="Aún no hay tiendas disponibles"
        text="Vuelve pronto: las tiendas aparecen aquí en cuanto publican sus productos."
      />
    );
  } else {
    content = (
      <ul className="grid gap-3">
        {tiendas.map((tienda, index) => (
          <li key={tienda.tiendaId}>
            <Link
              to={tiendaPath(tienda.usuario)}
              aria-label={tienda.nombre}
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md"
            >
              <TiendaImage
                src={tienda.imageUrl}
                alt={tienda.nombre}
                width={64}
                height={64}
                priority={index < 4}
                className="size-16 shrink-0 rounded-lg"
              />
              <span className="min-w-0 flex-1">
                <span className="block text-lg font-semibold break-words">{tienda.nombre}</span>
                <span className="block text-sm text-stone-600">/tienda/{tienda.usuario}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page title="Inicio" heading="Tiendas">
      <p className="mb-5 text-stone-700">
        Bienvenido a Tianguis. Elige una tienda para ver sus productos y hacer tu pedido.
      </p>
      {content}
    </Page>
  );
}
