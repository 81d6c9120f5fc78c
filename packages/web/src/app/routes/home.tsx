import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { TarjetaTienda } from '../../features/directorio';
import { useDirectorio } from '../../features/tienda-publica';
import { RECHEQUEO_MS } from '../../lib/tienda-publica/estado';
import { useNow } from '../../lib/use-now';

/**
 * '/': the shops open to the public, each with what it sells and whether it is open now (one
 * clock for the whole list, ticking every minute), leading to its page.
 */
export default function Home() {
  const query = useDirectorio();
  const tiendas = query.data;
  const now = useNow(RECHEQUEO_MS);

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
      <ul className="grid grid-cols-1 gap-3">
        {tiendas.map((tienda, index) => (
          <li key={tienda.tiendaId}>
            <TarjetaTienda tienda={tienda} now={now} priority={index < 4} />
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
