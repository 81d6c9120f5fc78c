import { INTERVALO_SONDEO_PEDIDOS_MS, mergePedido } from '@tianguis/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isEventStreamSupported, openEventStream } from '../../../lib/event-stream';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import { useSession } from '../../auth/session-store';
import {
  listPedidosTienda,
  pedidosTiendaKey,
  usePedidosTienda,
  type PedidoTienda,
} from '../api/get-pedidos-tienda';
import { parseEventoPedido } from '../api/pedido-eventos';
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
    isEventStreamSupported() ? 'conectando' : 'sin-conexion',
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
    // Without streaming fetch (old browsers) the list is polled only.
    if (!token || !isEventStreamSupported()) return;
    return openEventStream(
      '/api/pedido/eventos',
      { token, retryMs: REINTENTO_INICIAL_MS, maxRetryMs: REINTENTO_MAXIMO_MS },
      {
        onOpen: () => {
          setConexion('en-vivo');
          // Polling stops now: an order placed between the list's load and this moment (or
          // during a drop) has no event to replay, so the list is read once more.
          void refetch();
        },
        onEvent: (type, data) => {
          if (type !== 'pedido') return;
          const evento = parseEventoPedido(data);
          if (!evento) return;
          const list = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
          if (!evento.pedido || !list) {
            void invalidateQueries(pedidosTiendaKey);
            return;
          }
          const nuevos = vigilarEvento(tiendaId, evento.pedido);
          setQueryData(pedidosTiendaKey, mergePedido(list, evento.pedido));
          if (nuevos.length > 0) onNuevosRef.current(nuevos);
        },
        // Reconnects by itself, more slowly each time, while polling keeps the list current.
        onError: () => setConexion('sin-conexion'),
      },
    );
  }, [token, tiendaId, refetch]);

  return { ...query, conexion };
}
