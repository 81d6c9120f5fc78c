import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useSession } from '../../features/auth/session-store';
import { useMisPedidos } from '../../features/pedidos/api/mis-pedidos';
import { POLLING_MS, useMisPedidosEnVivo } from '../../features/pedidos/api/mis-pedidos-eventos';
import { MisPedidosLista } from '../../features/pedidos/components/mis-pedidos-lista';

/** Mis Pedidos: the shopper's orders, live over the event stream, polled while it is down. */
export default function MisPedidos() {
  const session = useSession();
  const enVivo = useMisPedidosEnVivo(session?.token);
  const pedidos = useMisPedidos({ refetchInterval: enVivo ? undefined : POLLING_MS });
  return (
    <Page title="Mis Pedidos">
      {pedidos.isLoading ? (
        <Loading label="Cargando tus pedidos…" />
      ) : pedidos.error && !pedidos.data ? (
        <ErrorState error={pedidos.error} onRetry={() => void pedidos.refetch()} />
      ) : (
        <MisPedidosLista pedidos={pedidos.data ?? []} />
      )}
    </Page>
  );
}
