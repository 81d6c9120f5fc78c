import type { TiendaAdmin } from '../../src/features/admin/api/list-tiendas-admin';

/** A shop as the admin's list answers it: registered, not configured nor approved yet. */
export function tiendaAdmin(tiendaId: number, patch: Partial<TiendaAdmin> = {}): TiendaAdmin {
  return {
    tiendaId,
    usuario: `tienda${tiendaId}`,
    nombre: 'N/A',
    celularTienda: '5512345678',
    configured: false,
    approved: false,
    deleted: false,
    ...patch,
  };
}
