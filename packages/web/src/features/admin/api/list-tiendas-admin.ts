import type { TiendaVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

/**
 * A shop as the admin reads it from the shop list: the fields of the domain's `TiendaVista` the
 * admin screens use (`nombre` is 'N/A' until the owner configures the shop).
 */
export type TiendaAdmin = Pick<
  TiendaVista,
  'tiendaId' | 'usuario' | 'nombre' | 'celularTienda' | 'configured' | 'approved' | 'deleted'
>;

export const tiendasAdminKey = ['admin', 'tiendas'] as const;

/** As ADMIN, the shop list answers every shop in any state (docs/api.md): that is how pending ones are found. */
export function getTiendasAdmin(): Promise<TiendaAdmin[]> {
  return api<TiendaAdmin[]>('/api/tienda/listartiendas');
}

export function useTiendasAdmin() {
  return useQuery(tiendasAdminKey, getTiendasAdmin);
}

/** Shops awaiting an admin's approval: not approved and not deleted, oldest registration first. */
export function selectPendingTiendas(list: readonly TiendaAdmin[]): TiendaAdmin[] {
  return list
    .filter((t) => t.approved === false && !t.deleted)
    .sort((a, b) => a.tiendaId - b.tiendaId);
}

/** The shop's name when the owner has set one ('N/A' means unset). */
export function nombreDeTienda(t: Pick<TiendaAdmin, 'nombre'>): string | undefined {
  const nombre = t.nombre.trim();
  return nombre === '' || nombre === 'N/A' ? undefined : nombre;
}
