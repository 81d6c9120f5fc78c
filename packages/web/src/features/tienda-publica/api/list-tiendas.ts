import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';
import type { CategoriaPublica, TiendaPublica } from './get-tienda-publica';

/** A shop as `listartiendas` answers it (API.md): the public fields plus its state flags. */
export interface TiendaListada extends Omit<TiendaPublica, 'categorias'> {
  configured?: boolean;
  approved?: boolean;
  deleted?: boolean;
  categorias: CategoriaPublica[];
}

/** Who is asking changes the answer (an owner also gets its own shop, an ADMIN every shop). */
export const tiendasKey = (userId: number | undefined) => ['tiendas', userId ?? 0];

export function listTiendas(): Promise<TiendaListada[]> {
  return api<TiendaListada[]>('/api/tienda/listartiendas');
}

export function useTiendas(userId: number | undefined) {
  return useQuery(tiendasKey(userId), listTiendas, { staleMs: 60_000 });
}
