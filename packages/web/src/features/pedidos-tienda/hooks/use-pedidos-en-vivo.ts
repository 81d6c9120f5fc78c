import { INTERVALO_SONDEO_PEDIDOS_MS, mergePedido } from '@tianguis/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import { useSession } from '../../auth/session-store';
import {
  listPedidosTienda,
  pedidosTiendaKey,
  usePedidosTienda,
  type PedidoTienda,
} from '../api/get-pedidos-tienda';
import { parseEventoPedido, pedidoEventosUrl } from '../api/pedido-eventos';
import { vigilarCarga, vigilarEvento } from './vigia-store';

export type EstadoConexion = 'conectando' | 'en-vivo' | 'sin-conexion';

const REINTENTO_INICIAL_MS = 5_000;
const REINTENTO_MAXIMO_MS = 60_000;

/**
 * The owner's order list, kept current: the server's event stream puts each new or changed order
 * in the list as it happens; while the stream is down the list is polled every 30 s instead.
 * `onNuevos` is called with the orders to alert about (section 4's rule, in the domain).
 */
export function usePedidosEnVivo(onNuevos: (nuevos: PedidoTienda[]) => void) {
  const session = useSession();
  const token = session?.token;
  const tiendaId = session?.tiendaId;
  const [conexion, setConexion] = useState<EstadoConexion>(() =>
    typeof EventSource === 'undefined' ? 'sin-conexion' : 'conectando',
  );
  const onNuevosRef = useRef(onNuevos);
  useEffect(() => {
    onNuevosRef.current = onNuevos;
  }, [onNuevos]);

  const fetcher = useCallback(async () => {
    const list = await listPedidosTienda();
    const nuevos = vigilarCarga(tiendaId, list);
    if (nuevos.length > 0) onNuevosRef.current(nuevos);
    return list;
  }, [tiendaId]);

  const query = usePedidosTienda(fetcher, {
    enabled: token !== undefined,
    refetchInterval: conexion === 'en-vivo' ? undefined : INTERVALO_SONDEO_PEDIDOS_MS,
  });
  const { refetch } = query;

  useEffect(() => {
    // Without EventSource (old browsers, tests) the list is polled only.
    if (!token || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = REINTENTO_INICIAL_MS;
    let lastEventId: string | undefined;
    let abiertoAntes = false;
    let closed = false;

    const onPedido = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      const evento = parseEventoPedido(event.data);
      if (!evento) return;
      const list = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
      if (!evento.pedido || !list) {
        void invalidateQueries(pedidosTiendaKey);
        return;
      }
      const nuevos = vigilarEvento(tiendaId, evento.pedido);
      setQueryData(pedidosTiendaKey, mergePedido(list, evento.pedido));
      if (nuevos.length > 0) onNuevosRef.current(nuevos);
    };

    const connect = () => {
      const es = new EventSource(pedidoEventosUrl(token, lastEventId));
      source = es;
      es.onopen = () => {
        setConexion('en-vivo');
        delay = REINTENTO_INICIAL_MS;
        // Back after a drop: whatever changed meanwhile without an event to replay shows now.
        if (abiertoAntes) void refetch();
        abiertoAntes = true;
      };
      es.addEventListener('pedido', onPedido);
      es.onerror = () => {
        setConexion('sin-conexion');
        // CONNECTING: the browser retries by itself. CLOSED (refused, e.g. the session ended):
        // try again later, more slowly each time, while polling keeps the list current.
        if (es.readyState !== EventSource.CLOSED || closed) return;
        es.close();
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, REINTENTO_MAXIMO_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [token, tiendaId, refetch]);

  return { ...query, conexion };
}
