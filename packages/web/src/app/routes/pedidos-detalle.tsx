import { ESPERA_TRAS_ACCION_PEDIDO_MS, ZONA_HORARIA_POR_DEFECTO } from '@tianguis/domain';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda, AjustesBannerDesactivada } from '../../features/mi-tienda';
import {
  runAccionPedido,
  type AccionPedido,
  markVisto,
  usePedidosTienda,
  type PedidoTienda,
  PedidoDetalle,
  TicketImpresion,
  loadPedidosVigilados,
  usePedidosConAnteriores,
  useOpenAtTop,
} from '../../features/pedidos-tienda';
import { ImprimirEnTermica } from '../../features/impresora';

function pedidoFromState(state: unknown): PedidoTienda | undefined {
  const pedido = (state as { pedido?: PedidoTienda } | null)?.pedido;
  return pedido && typeof pedido.id === 'number' ? pedido : undefined;
}

/**
 * /pedidosdetalle: opens at its top and tells the server the order was seen. The order comes as navigation state; `?id=` finds it in the shop's list when
 * the page is opened from a link or reloaded. The list's copy wins, being the newer.
 */
export default function PedidosDetalleScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromState = pedidoFromState(location.state);
  const id = Number(params.get('id') ?? fromState?.id);
  const lista = usePedidosTienda(loadPedidosVigilados, {
    enabled: Number.isInteger(id),
    staleMs: 10_000,
  });
  const tienda = useMiTienda();
  const timeZone = tienda.data?.timeZone ?? ZONA_HORARIA_POR_DEFECTO;
  // An order from an older page ("Cargar pedidos anteriores") is found there.
  const historial = usePedidosConAnteriores(lista.data);
  const pedido =
    historial.pedidos?.find((p) => p.id === id) ?? (fromState?.id === id ? fromState : undefined);

  useOpenAtTop(id);
  const pedidoId = pedido?.id;
  const sinVer = pedido !== undefined && !pedido.vistoEn;
  useEffect(() => {
    if (pedidoId !== undefined && sinVer) markVisto(pedidoId);
  }, [pedidoId, sinVer]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onAccion = async (accion: AccionPedido) => {
    if (!pedido) return;
    await runAccionPedido(pedido.id, accion);
    // Accepting or marking paid keeps the order on screen (the answer updated it); a finished
    // order goes back to the board.
    if (accion.tipo !== 'completar' && accion.tipo !== 'cancelar') return;
    timer.current = setTimeout(
      () => navigate('/pedidos', { replace: true }),
      ESPERA_TRAS_ACCION_PEDIDO_MS,
    );
  };

  let body;
  if (pedido) {
    body = (
      <>
        <PedidoDetalle pedido={pedido} timeZone={timeZone} onAccion={onAccion} />
        <TicketImpresion pedido={pedido} timeZone={timeZone} />
        <ImprimirEnTermica pedidoId={pedido.id} />
      </>
    );
  } else if (lista.error) {
    body = <ErrorState error={lista.error} onRetry={() => void lista.refetch()} />;
  } else if (!Number.isInteger(id) || lista.data) {
    body = (
      <EmptyState title="No encontramos este pedido">
        <Link to="/pedidos" className={buttonClass('secondary')}>
          Ver pedidos
        </Link>
      </EmptyState>
    );
  } else {
    body = <Loading label="Cargando pedido…" />;
  }
  return (
    <Page title={pedido ? `Pedido #${pedido.id}` : 'Pedido'}>
      <AjustesBannerDesactivada />
      {body}
    </Page>
  );
}
