import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useSession } from '../../lib/session-store';
import {
  useMisPedidos,
  POLLING_MS,
  useMisPedidosEnVivo,
  MisPedidosLista,
  SinPedidos,
} from '../../features/pedidos';
import { SeguimientosGuardadosLista, listSeguimientos } from '../../features/seguimiento';

const SIN_CUENTA = 'Pedidos hechos en este teléfono sin cuenta';

/**
 * The account's orders, live over the event stream, polled while it is down; under their own
 * heading when this phone's guest orders are listed below (`conOtros`).
 */
function MisPedidosConCuenta({ token, conOtros }: { token: string; conOtros: boolean }) {
  const enVivo = useMisPedidosEnVivo(token);
  const pedidos = useMisPedidos({ refetchInterval: enVivo ? undefined : POLLING_MS });
  return pedidos.isLoading ? (
    <Loading label="Cargando tus pedidos…" />
  ) : pedidos.error && !pedidos.data ? (
    <ErrorState error={pedidos.error} onRetry={() => void pedidos.refetch()} />
  ) : (
    <MisPedidosLista pedidos={pedidos.data ?? []} conOtros={conOtros} />
  );
}

/** Without an account: the orders placed on this phone, each by its tracking link. */
function MisPedidosSinCuenta() {
  if (listSeguimientos().length > 0) return <SeguimientosGuardadosLista titulo={SIN_CUENTA} />;
  return <SinPedidos />;
}

/** Mis Pedidos: a signed-in shopper's orders, and those placed on this phone without an account. */
export default function MisPedidos() {
  const session = useSession();
  const hayGuardados = listSeguimientos().length > 0;
  return (
    <Page title="Mis Pedidos">
      {session ? (
        <>
          <MisPedidosConCuenta token={session.token} conOtros={hayGuardados} />
          <SeguimientosGuardadosLista titulo={SIN_CUENTA} />
        </>
      ) : (
        <MisPedidosSinCuenta />
      )}
    </Page>
  );
}
