import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { getActiveSession } from '../../../lib/session-store';
import { miTiendaKey, miTiendaFromList, type MiTienda } from './get-mi-tienda';

/**
 * Every owner mutation answers the shop list as the owner sees it (docs/api.md); the owner's shop
 * from that answer goes straight into the cache, so every owner screen shows the change.
 */
export async function callOwnerMutation(
  path: string,
  body?: unknown,
): Promise<MiTienda | undefined> {
  const list = await api<MiTienda[]>(path, { method: 'POST', body: body ?? {} });
  const tiendaId = getActiveSession()?.tiendaId;
  const own = tiendaId === undefined ? undefined : miTiendaFromList(list, tiendaId);
  if (own) setQueryData(miTiendaKey, own);
  return own;
}
