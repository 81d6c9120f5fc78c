import type { Franjas } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

export const franjasKey = (usuario: string) => ['franjas', usuario.toLowerCase()];

/**
 * `GET /api/tienda/franjas/{usuario}` (anyone): the estimate for an order placed now (null when
 * the shop takes none now) and the slots it offers for later, with their places (docs/api.md,
 * "Orders for later").
 */
export function getFranjas(usuario: string): Promise<Franjas> {
  return api<Franjas>(`/api/tienda/franjas/${encodeURIComponent(usuario.toLowerCase())}`);
}

/**
 * The shop's slots, read again every minute while on screen: a slot drops off the list once it
 * no longer leaves the kitchen its preparation time, and places fill up as others order.
 */
export function useFranjas(usuario: string, options: { enabled?: boolean; vivo?: boolean } = {}) {
  return useQuery(franjasKey(usuario), () => getFranjas(usuario), {
    enabled: (options.enabled ?? true) && usuario !== '',
    staleMs: 30_000,
    refetchInterval: options.vivo ? 60_000 : undefined,
  });
}
