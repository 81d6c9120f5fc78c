import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { tiendasAdminKey, type TiendaAdmin } from './list-tiendas-admin';

/**
 * Approves a shop. The server answers the shop list as the admin sees it, which goes straight
 * into the cache, so the approved shop leaves the pending list without another request.
 */
export async function approveTienda(tiendaId: number): Promise<TiendaAdmin[]> {
  const list = await api<TiendaAdmin[]>('/api/tienda/approveTienda', { body: { tiendaId } });
  setQueryData(tiendasAdminKey, list);
  return list;
}
