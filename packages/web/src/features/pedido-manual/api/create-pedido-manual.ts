import type { PedidoConSeguimiento, PedidoManualBody } from '@tianguis/domain';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/query';
import { nuevaIdempotencyKey, postPedido } from '../../checkout';
import { pedidosTiendaKey } from '../../pedidos-tienda';

/** `POST /api/pedido/manual`: the owner's own shop; answers the order and its tracking secret. */
export async function createPedidoManual(
  body: PedidoManualBody,
  idempotencyKey: string,
): Promise<PedidoConSeguimiento> {
  const respuesta = await postPedido<PedidoConSeguimiento>(
    '/api/pedido/manual',
    body,
    idempotencyKey,
  );
  // The board shows it at once, also where its live stream is not connected.
  void invalidateQueries(pedidosTiendaKey);
  return respuesta;
}

/**
 * Whether nothing was saved for sure: the server refused the body (4xx). After a lost answer or
 * a server fault the order may exist, so the same key must go again; a key the server already
 * used for another body means it may exist too, and the owner was told to check the board.
 */
function isRechazoDefinitivo(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Saving one form fill. One Idempotency-Key per fill, kept until the server answers for sure:
 * a double tap, or a retry after a network error, makes one order. A refusal (nothing saved)
 * lets the corrected form go with a new key; `reiniciar` starts the next fill.
 */
export function useCreatePedidoManual() {
  const [guardando, setGuardando] = useState(false);
  // Refs, not state: a second tap before React re-renders must see the first.
  const enCurso = useRef(false);
  const clave = useRef<string | undefined>(undefined);

  const guardar = useCallback(
    async (body: PedidoManualBody): Promise<PedidoConSeguimiento | undefined> => {
      if (enCurso.current) return undefined;
      enCurso.current = true;
      setGuardando(true);
      clave.current ??= nuevaIdempotencyKey();
      try {
        return await createPedidoManual(body, clave.current);
      } catch (error) {
        if (isRechazoDefinitivo(error)) clave.current = undefined;
        throw error;
      } finally {
        enCurso.current = false;
        setGuardando(false);
      }
    },
    [],
  );

  const reiniciar = useCallback(() => {
    clave.current = undefined;
  }, []);

  return { guardar, guardando, reiniciar };
}
