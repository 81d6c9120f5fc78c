import type { TiendaDirectorio } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

/**
 * A shop as the directory lists it (the domain's wire shape): the publicly visible shops only,
 * ordered by name by the server, with what a card needs: its first categories and what the
 * hours line reads to say open or closed on this phone's clock (docs/api.md, "The directory";
 * the whole catalogues of `listartiendas` are 13 MB at 1,000 shops).
 */
export type { TiendaDirectorio };

/** The same for every visitor; the browser revalidates it with its ETag. */
export function listDirectorio(): Promise<TiendaDirectorio[]> {
  return api<TiendaDirectorio[]>('/api/tienda/directorio');
}

export function useDirectorio() {
  return useQuery(['directorio'], listDirectorio, { staleMs: 60_000 });
}
