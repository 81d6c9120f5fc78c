import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda, AjustesBannerDesactivada } from '../../features/mi-tienda';
import { saveProgramacion, ProgramacionFormView } from '../../features/programacion';

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
