import type { PedidoVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

export const seguimientoKey = (seguimiento: string) => ['seguimiento', seguimiento] as const;

/** The order behind a tracking secret (anonymous; 404 for an unknown secret). */
export function getSeguimiento(seguimiento: string): Promise<PedidoVista> {
  return api<PedidoVista>(`/api/pedido/seguimiento/${encodeURIComponent(seguimiento)}`);
}

export function useSeguimiento(seguimiento: string, options: { refetchInterval?: number } = {}) {
  return useQuery(seguimientoKey(seguimiento), () => getSeguimiento(seguimiento), {
    refetchInterval: options.refetchInterval,
  });
}
