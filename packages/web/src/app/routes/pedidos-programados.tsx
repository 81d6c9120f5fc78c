import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import AjustesBannerDesactivada from '../../features/mi-tienda/components/ajustes-banner-desactivada';
import { saveProgramacion } from '../../features/programacion/api/save-programacion';
import { ProgramacionFormView } from '../../features/programacion/components/programacion-form';

/**
 * /pedidos-programados: orders for later (slots, places, preparation time) and the automatic
 * pause (issue 31; docs/api.md, "Orders for later").
 */
export default function PedidosProgramados() {
  const { data, error, refetch } = useMiTienda();
  return (
    <Page title="Pedidos programados">
      <AjustesBannerDesactivada />
      {data ? (
        // Saving puts the new shop in the cache; the open form keeps what it shows.
        <ProgramacionFormView key={data.tiendaId} tienda={data} onSave={saveProgramacion} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading label="Cargando pedidos programados…" />
      )}
    </Page>
  );
}
