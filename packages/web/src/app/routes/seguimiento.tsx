import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { useSession } from '../../lib/session-store';
import {
  useSeguimiento,
  POLLING_SEGUIMIENTO_MS,
  useSeguimientoEnVivo,
  SeguimientoPedido,
  SeguimientosGuardadosLista,
  takeRecienHecho,
} from '../../features/seguimiento';
import { ApiError } from '../../lib/api-client';

/** An unknown secret (404), or one that cannot be a secret at all (400, cut or mistyped). */
function isNoEncontrado(error: Error | undefined): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.status === 400 && error.code === 'VALIDACION'))
  );
}

/**
 * Right after the order is placed (the checkout opens this page), the order list goes under this
 * page in the history: Back shows "Mis pedidos", where this order is, not the checkout the order
 * has just emptied ('Tu carrito esta vacio'). The entry this page had becomes the list's.
 */
function useAtrasALaLista(seguimiento: string) {
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  useEffect(() => {
    if (!takeRecienHecho(seguimiento)) return;
    // Both in one go: React renders only the second, this page, which stays mounted.
    void navigate('/mispedidos', { replace: true });
    void navigate(`${pathname}${search}`, { state: state as unknown });
  }, [seguimiento, navigate, pathname, search, state]);
}

/**
 * `/pedido/seguimiento/:seguimiento`: one order followed by its secret link (a guest's only key
 * to it; bookmarkable), live over Server-Sent Events and polled while the stream is down.
 */
export default function Seguimiento() {
  const seguimiento = useParams().seguimiento ?? '';
  useAtrasALaLista(seguimiento);
  const session = useSession();
  const enVivo = useSeguimientoEnVivo(seguimiento);
  const pedido = useSeguimiento(seguimiento, {
    refetchInterval: enVivo === 'en-vivo' ? undefined : POLLING_SEGUIMIENTO_MS,
  });

  let contenido;
  if (pedido.data) {
    contenido = (
      <SeguimientoPedido
        pedido={pedido.data}
        enVivo={enVivo}
        ofrecerCuenta={pedido.data.invitado && !session}
        enlace={typeof window === 'undefined' ? undefined : window.location.href}
      />
    );
  } else if (pedido.isLoading || (!pedido.error && pedido.updatedAt === 0)) {
    contenido = <Loading label="Cargando tu pedido…" />;
  } else if (isNoEncontrado(pedido.error)) {
    contenido = (
      <EmptyState
        title="No encontramos ese pedido"
        text="Revisa que el enlace esté completo, tal como lo recibiste."
      >
        <Link to="/" className={buttonClass('secondary')}>
          Ver tiendas
        </Link>
      </EmptyState>
    );
  } else if (pedido.error) {
    contenido = <ErrorState error={pedido.error} onRetry={() => void pedido.refetch()} />;
  }

  return (
    <Page title="Tu pedido">
      {contenido}
      <SeguimientosGuardadosLista titulo="Otros pedidos en este teléfono" excepto={seguimiento} />
    </Page>
  );
}
