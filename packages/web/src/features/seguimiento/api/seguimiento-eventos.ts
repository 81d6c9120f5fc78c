import { useEffect, useState } from 'react';
import { isEventStreamSupported, openEventStream } from '../../../lib/event-stream';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import { isPedidoVista } from '../../pedidos';
import type { PedidoVista } from '@tianguis/domain';
import { seguimientoKey } from './get-seguimiento';

/** How often the order is re-read while the live stream is down. */
export const POLLING_SEGUIMIENTO_MS = 30_000;

export type EstadoEnVivo = 'conectando' | 'en-vivo' | 'reconectando' | 'sin-soporte';

/**
 * Applies one 'pedido' event (`{tipo, pedido}`, the same format as the shopper's stream) to the
 * cached order; an event it can't read makes the order reload.
 */
export function applySeguimientoEvento(seguimiento: string, data: string): void {
  let pedido: unknown;
  try {
    pedido = (JSON.parse(data) as { pedido?: unknown }).pedido;
  } catch {
    pedido = undefined;
  }
  const key = seguimientoKey(seguimiento);
  const actual = getQueryData<PedidoVista>(key);
  if (isPedidoVista(pedido) && (!actual || actual.id === pedido.id)) setQueryData(key, pedido);
  else void invalidateQueries(key);
}

/**
 * Follows one order's status over Server-Sent Events while mounted (no account: the secret in
 * the address is the key, so no token goes). Answers the stream's state; while it is not live
 * the caller polls.
 */
export function useSeguimientoEnVivo(seguimiento: string): EstadoEnVivo {
  const soportado = isEventStreamSupported();
  const [estado, setEstado] = useState<EstadoEnVivo>(soportado ? 'conectando' : 'sin-soporte');
  useEffect(() => {
    if (!soportado) return;
    const close = openEventStream(
      `/api/pedido/seguimiento/${encodeURIComponent(seguimiento)}/eventos`,
      {},
      {
        onOpen: () => {
          setEstado('en-vivo');
          // A change while the stream was down has no event to replay: read the order once more.
          void invalidateQueries(seguimientoKey(seguimiento));
        },
        onEvent: (type, data) => {
          if (type === 'pedido') applySeguimientoEvento(seguimiento, data);
        },
        onError: () => setEstado('reconectando'),
      },
    );
    return () => {
      close();
      setEstado('conectando');
    };
  }, [seguimiento, soportado]);
  return estado;
}
