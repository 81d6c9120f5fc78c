import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import AjustesBannerDesactivada from '../../features/mi-tienda/components/ajustes-banner-desactivada';
import { saveZonas } from '../../features/zonas-envio/api/save-zonas';
import { ZonasEnvioForm } from '../../features/zonas-envio/components/zonas-envio-form';

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
