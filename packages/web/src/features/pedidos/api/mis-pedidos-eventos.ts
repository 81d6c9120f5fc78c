import { useEffect, useState } from 'react';
import { isEventStreamSupported, openEventStream } from '../../../lib/event-stream';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import type { PedidoVista } from '@tianguis/domain';
import { isPedidoVista, misPedidosKey, upsertPedido } from './mis-pedidos';

/** How often the list is re-read while the live stream is down. */
export const POLLING_MS = 30_000;

/**
 * Applies one 'pedido' event (`{tipo, pedido}`, pedido-stream.routes.ts) to the cached list.
 * An event the client can't read, or one arriving before the list, makes the list reload.
 */
export function applyPedidoEvento(data: string): void {
  let pedido: unknown;
  try {
    pedido = (JSON.parse(data) as { pedido?: unknown }).pedido;
  } catch {
    pedido = undefined;
  }
  const lista = getQueryData<PedidoVista[]>(misPedidosKey);
  if (lista && isPedidoVista(pedido)) setQueryData(misPedidosKey, upsertPedido(lista, pedido));
  else void invalidateQueries(misPedidosKey);
}

/**
 * Follows the shopper's order changes over Server-Sent Events while mounted. Returns whether
 * the stream is up; while it is not, the caller polls every POLLING_MS.
 */
export function useMisPedidosEnVivo(token: string | undefined): boolean {
  const [enVivo, setEnVivo] = useState(false);
  useEffect(() => {
    if (!token || !isEventStreamSupported()) return;
    const close = openEventStream(
      '/api/pedido/mis-eventos',
      { token },
      {
        onOpen: () => {
          setEnVivo(true);
          // Polling stops now: a change between the list's load and this moment (or during a
          // drop) has no event to replay, so the list is read once more.
          void invalidateQueries(misPedidosKey);
        },
        onEvent: (type, data) => {
          if (type === 'pedido') applyPedidoEvento(data);
        },
        onError: () => setEnVivo(false),
      },
    );
    return () => {
      close();
      setEnVivo(false);
    };
  }, [token]);
  return enVivo;
}
