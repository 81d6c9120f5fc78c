import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useSession } from '../../features/auth/session-store';
import { useMisPedidos } from '../../features/pedidos/api/mis-pedidos';
import { POLLING_MS, useMisPedidosEnVivo } from '../../features/pedidos/api/mis-pedidos-eventos';
import { MisPedidosLista, SinPedidos } from '../../features/pedidos/components/mis-pedidos-lista';
import { SeguimientosGuardadosLista } from '../../features/seguimiento/components/seguimientos-guardados-lista';
import { listarSeguimientos } from '../../features/seguimiento/seguimientos-guardados';

const SIN_CUENTA = 'Pedidos hechos sin cuenta en este teléfono';

/** The account's orders, live over the event stream, polled while it is down. */
function MisPedidosConCuenta({ token }: { token: string }) {
  const enVivo = useMisPedidosEnVivo(token);
  const pedidos = useMisPedidos({ refetchInterval: enVivo ? undefined : POLLING_MS });
  return pedidos.isLoading ? (
    <Loading label="Cargando tus pedidos…" />
  ) : pedidos.error && !pedidos.data ? (
    <ErrorState error={pedidos.error} onRetry={() => void pedidos.refetch()} />
  ) : (
    <MisPedidosLista pedidos={pedidos.data ?? []} />
  );
}

/** Without an account: the orders placed on this phone, each by its tracking link. */
function MisPedidosSinCuenta() {
  if (listarSeguimientos().length > 0) return <SeguimientosGuardadosLista titulo={SIN_CUENTA} />;
  return <SinPedidos />;
}

/** Mis Pedidos: a signed-in shopper's orders, and those placed on this phone without an account. */
export default function MisPedidos() {
  const session = useSession();
  return (
    <Page title="Mis Pedidos">
      {session ? (
        <>
          <MisPedidosConCuenta token={session.token} />
          <SeguimientosGuardadosLista titulo={SIN_CUENTA} />
        </>
      ) : (
        <MisPedidosSinCuenta />
      )}
    </Page>
  );
}
