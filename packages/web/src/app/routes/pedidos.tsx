import {
  DURACION_AVISO_NUEVO_PEDIDO_MS,
  FILTROS_INICIALES,
  isFiltroFecha,
  pedidosTiendaMessages,
  ZONA_HORARIA_POR_DEFECTO,
} from '@tianguis/domain';
import { useEffect, useMemo, type ComponentProps } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda, AjustesBannerDesactivada } from '../../features/mi-tienda';
import {
  usePedidosConAnteriores,
  CargarAnteriores,
  PedidosLista,
  TableroBarra,
  isTabTablero,
  type FiltrosTablero,
  useAhora,
  onPedidosNuevos,
  usePedidosEnVivo,
  useSonidoPedidos,
} from '../../features/pedidos-tienda';
import { usePantallaEncendida } from '../../features/alertas';
import { notify } from '../../lib/toast';

// The filters live in the address, so coming back from an order's detail keeps them.
function readFiltros(params: URLSearchParams): FiltrosTablero {
  const tab = params.get('estado')?.toUpperCase();
  const fecha = params.get('fecha')?.toUpperCase();
  return {
    tab: isTabTablero(tab) ? tab : FILTROS_INICIALES.tab,
    busqueda: params.get('q') ?? '',
    fecha: isFiltroFecha(fecha) ? fecha : FILTROS_INICIALES.fecha,
  };
}

function writeFiltros(filtros: FiltrosTablero): URLSearchParams {
  const params = new URLSearchParams();
  if (filtros.tab !== FILTROS_INICIALES.tab) params.set('estado', filtros.tab.toLowerCase());
  if (filtros.busqueda !== '') params.set('q', filtros.busqueda);
  if (filtros.fecha !== FILTROS_INICIALES.fecha) params.set('fecha', filtros.fecha.toLowerCase());
  return params;
}

function Barra(props: Omit<ComponentProps<typeof TableroBarra>, 'now'>) {
  const now = useAhora(1000);
  return <TableroBarra {...props} now={now} />;
}

/**
 * /pedidos: the shop's orders first (docs/web-screens.md, "The order board"): a compact bar
 * (live state, sound, pause and the phone's alerts behind "Opciones", "Estamos ocupados"), the
 * tabs (Activos: NUEVO, ACEPTADO and LISTO; Programados: orders for later by their time), filters folded
 * away, and each order as a card accepted from the card itself. The live connection, the bell and the banner belong
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
          programacionActiva={tienda.data?.programacion?.activa}
        />
        <CargarAnteriores
          hayMas={historial.hayMas}
          cargando={historial.cargando}
          error={historial.error}
          cargados={historial.cargados}
          onLoad={historial.cargar}
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
      <Barra
        conexion={pedidos.conexion}
        updatedAt={pedidos.updatedAt}
        actualizando={pedidos.isFetching}
        onRefresh={() => void pedidos.refetch()}
        sonido={sonido}
        pantallaEncendida={pantallaEncendida}
        tienda={tienda.data}
        tiendaCargando={tienda.isLoading}
      />
      {pedidos.data && pedidos.error && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {pedidos.error.message}
        </p>
      )}
      {body}
    </Page>
  );
}
