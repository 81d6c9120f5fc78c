import {
  alertasTiendaMessages,
  DURACION_AVISO_NUEVO_PEDIDO_MS,
  FILTROS_INICIALES,
  isFiltroFecha,
  PEDIDOS_TABS,
  pedidosTiendaMessages,
  ZONA_HORARIA_POR_DEFECTO,
  type FiltrosPedidos,
  type PedidosTab,
} from '@tianguis/domain';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import {
  ActualizacionIndicador,
  type ActualizacionProps,
} from '../../features/pedidos-tienda/components/actualizacion-indicador';
import { usePedidosConAnteriores } from '../../features/pedidos-tienda/api/pedidos-anteriores';
import { CargarAnteriores } from '../../features/pedidos-tienda/components/cargar-anteriores';
import { PedidosLista } from '../../features/pedidos-tienda/components/pedidos-lista';
import { SonidoControl } from '../../features/pedidos-tienda/components/sonido-control';
import { AvisosPush } from '../../features/push/components/avisos-push';
import { useAhora } from '../../features/pedidos-tienda/hooks/use-ahora';
import {
  onPedidosNuevos,
  usePedidosEnVivo,
} from '../../features/pedidos-tienda/hooks/use-pedidos-en-vivo';
import { useSonidoPedidos } from '../../features/pedidos-tienda/hooks/use-sonido-pedidos';
import { usePantallaEncendida } from '../../features/alertas/hooks/use-pantalla-encendida';
import { notify } from '../../lib/toast';
import AjustesBannerDesactivada from '../../features/mi-tienda/components/ajustes-banner-desactivada';
import {
  PausaPedidos,
  PausaPedidosCargando,
} from '../../features/mi-tienda/components/pausa-pedidos';

// The filters live in the address, so coming back from an order's detail keeps them.
function readFiltros(params: URLSearchParams): FiltrosPedidos {
  const tab = params.get('estado')?.toUpperCase();
  const fecha = params.get('fecha')?.toUpperCase();
  return {
    tab: PEDIDOS_TABS.some((t) => t.tab === tab) ? (tab as PedidosTab) : FILTROS_INICIALES.tab,
    busqueda: params.get('q') ?? '',
    fecha: isFiltroFecha(fecha) ? fecha : FILTROS_INICIALES.fecha,
  };
}

function writeFiltros(filtros: FiltrosPedidos): URLSearchParams {
  const params = new URLSearchParams();
  if (filtros.tab !== FILTROS_INICIALES.tab) params.set('estado', filtros.tab.toLowerCase());
  if (filtros.busqueda !== '') params.set('q', filtros.busqueda);
  if (filtros.fecha !== FILTROS_INICIALES.fecha) params.set('fecha', filtros.fecha.toLowerCase());
  return params;
}

function Indicador(props: Omit<ActualizacionProps, 'now'>) {
  const now = useAhora(1000);
  return <ActualizacionIndicador {...props} now={now} />;
}

/**
 * /pedidos: the shop's orders, live, with tabs (Activos: NUEVO and ACEPTADO), filters, sound,
 * the new-order toast and the pause switch. The live connection, the bell and the banner belong
 * to the owner's alerts in the app's frame; this screen reads the same list and keeps the phone's
 * screen on while it is open.
 */
export default function PedidosScreen() {
  const [params, setParams] = useSearchParams();
  const filtros = useMemo(() => readFiltros(params), [params]);
  const sonido = useSonidoPedidos();
  useEffect(
    () =>
      onPedidosNuevos(() =>
        notify.success(pedidosTiendaMessages.nuevoPedido, {
          duration: DURACION_AVISO_NUEVO_PEDIDO_MS,
        }),
      ),
    [],
  );
  const pedidos = usePedidosEnVivo();
  // The live list is the newest page; older pages come on request (docs/api.md, "Order life").
  const historial = usePedidosConAnteriores(pedidos.data);
  const pantallaEncendida = usePantallaEncendida();
  const tienda = useMiTienda();
  const timeZone = tienda.data?.timeZone ?? ZONA_HORARIA_POR_DEFECTO;
  const minuto = useAhora(60_000);
  const now = useMemo(() => new Date(minuto), [minuto]);

  let body;
  if (historial.pedidos) {
    body = (
      <>
        <PedidosLista
          pedidos={historial.pedidos}
          filtros={filtros}
          onFiltrosChange={(next) => setParams(writeFiltros(next), { replace: true })}
          now={now}
          timeZone={timeZone}
        />
        <CargarAnteriores
          hayMas={historial.hayMas}
          cargando={historial.cargando}
          error={historial.error}
          cargados={historial.cargados}
          onCargar={historial.cargar}
        />
      </>
    );
  } else if (pedidos.error) {
    body = <ErrorState error={pedidos.error} onRetry={() => void pedidos.refetch()} />;
  } else {
    body = <Loading label="Cargando pedidos…" />;
  }

  return (
    <Page
      title={pedidosTiendaMessages.titulo}
      // An order taken by phone or WhatsApp.
      actions={
        <Link
          to="/pedidos/nuevo"
          className="inline-flex min-h-11 items-center rounded-lg bg-marca-600 px-4 py-2 font-semibold text-white hover:bg-marca-700"
        >
          Nuevo pedido
        </Link>
      }
    >
      <AjustesBannerDesactivada />
      {/* A rush is seen on the board: pausing is one tap away here too. Its room is kept while
          the shop loads, so the buttons below stay where the owner is about to tap. */}
      {tienda.data ? (
        <PausaPedidos tienda={tienda.data} />
      ) : (
        tienda.isLoading && <PausaPedidosCargando />
      )}
      <div className="mb-4 flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3">
        <Indicador
          conexion={pedidos.conexion}
          updatedAt={pedidos.updatedAt}
          actualizando={pedidos.isFetching}
          onActualizar={() => void pedidos.refetch()}
        />
        <SonidoControl
          activo={sonido.activo}
          bloqueado={sonido.bloqueado}
          onCambiar={sonido.cambiar}
          onProbar={sonido.probar}
        />
        {pantallaEncendida && (
          <p role="status" className="text-xs text-stone-600">
            {alertasTiendaMessages.pantallaEncendida}
          </p>
        )}
      </div>
      <AvisosPush para="tienda" className="mb-4" />
      {pedidos.data && pedidos.error && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {pedidos.error.message}
        </p>
      )}
      {body}
    </Page>
  );
}
