import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda, AjustesBannerDesactivada } from '../../features/mi-tienda';
import { saveZonas, ZonasEnvioForm } from '../../features/zonas-envio';

/** /zonas-envio: the shop's delivery zones, each with its fee and minimum (issue 30). */
export default function ZonasEnvio() {
  const { data, error, refetch } = useMiTienda();
  return (
    <Page title="Zonas de envío">
      <AjustesBannerDesactivada />
      {data ? (
        // Saving puts the new shop in the cache; the open form keeps what it shows.
        <ZonasEnvioForm key={data.tiendaId} tienda={data} onSave={saveZonas} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading label="Cargando zonas de envío…" />
      )}
    </Page>
  );
}
