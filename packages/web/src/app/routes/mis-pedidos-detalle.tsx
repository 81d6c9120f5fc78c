import { isPedidoActivo } from '@tianguis/domain';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { useSession } from '../../lib/session-store';
import {
  isPedidoVista,
  useMisPedidos,
  POLLING_MS,
  useMisPedidosEnVivo,
  MisPedidoDetalle,
} from '../../features/pedidos';
import { AvisosPushDiferido } from '../../features/push';

/**
 * One order. The list passes it as navigation state; the id in the URL finds it in the list
 * after a reload or from a shared link. The list's copy wins: its status is the newest.
 */
export default function MisPedidosDetalle() {
  const session = useSession();
  const { state } = useLocation();
  const [params] = useSearchParams();
  const enVivo = useMisPedidosEnVivo(session?.token);
  const lista = useMisPedidos({ refetchInterval: enVivo ? undefined : POLLING_MS });

  const enEstado = (state as { pedido?: unknown } | null)?.pedido;
  const desdeEstado = isPedidoVista(enEstado) ? enEstado : undefined;
  const idEnUrl = Number(params.get('id'));
  const id = Number.isSafeInteger(idEnUrl) && idEnUrl > 0 ? idEnUrl : desdeEstado?.id;
  const pedido =
    lista.data?.find((p) => p.id === id) ?? (desdeEstado?.id === id ? desdeEstado : undefined);

  let contenido;
  if (pedido)
    contenido = (
      <>
        <MisPedidoDetalle pedido={pedido} />
        {isPedidoActivo(pedido.status) && <AvisosPushDiferido para="pedido" className="mt-4" />}
      </>
    );
  else if (lista.isLoading) contenido = <Loading label="Cargando el pedido…" />;
  else if (lista.error)
    contenido = <ErrorState error={lista.error} onRetry={() => void lista.refetch()} />;
  else
    contenido = (
      <EmptyState
        title="No encontramos este pedido"
        text="Puede que el enlace esté incompleto. Búscalo en tu lista de pedidos."
      >
        <Link to="/mispedidos" className={buttonClass('secondary')}>
          Ir a Mis Pedidos
        </Link>
      </EmptyState>
    );

  return (
    <Page
      title="Detalle del Pedido"
      actions={
        <Link to="/mispedidos" className="text-sm font-medium text-marca-700 underline">
          Mis Pedidos
        </Link>
      }
    >
      {contenido}
    </Page>
  );
}
