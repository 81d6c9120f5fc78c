import type { ProductoVista, TiendaVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';
import type {
  CategoriaPublica,
  ProductoPublico,
} from '../../../lib/tienda-publica/get-tienda-publica';

/**
 * The owner's shop as the owner screens read it: every category and product, in any state. The
 * domain's wire shape (`TiendaVista`); the second-edition settings stay optional as in the
 * public answer.
 */
export type MiTienda = Omit<
  TiendaVista,
  'entrega' | 'pagos' | 'pausadoHasta' | 'direccion' | 'telefono' | 'ubicacion' | 'categorias'
> &
  Partial<
    Pick<TiendaVista, 'entrega' | 'pagos' | 'pausadoHasta' | 'direccion' | 'telefono' | 'ubicacion'>
  > & {
    categorias: (CategoriaPublica & {
      deleted: boolean;
      productos: ProductoDeMiTienda[];
    })[];
  };

/** A product as the owner reads it: any state, with its option groups and today's sold-out mark. */
export type ProductoDeMiTienda = ProductoPublico & Pick<ProductoVista, 'deleted'>;

export const miTiendaKey = ['mi-tienda'] as const;

export function getMiTienda(): Promise<MiTienda> {
  return api<MiTienda>('/api/tienda/mitienda');
}

export function useMiTienda(enabled = true) {
  return useQuery(miTiendaKey, getMiTienda, { enabled, staleMs: 5_000 });
}

/**
 * Owner mutations answer the shop list as the owner sees it (docs/api.md), own shop first: put it
 * straight in the cache.
 */
export function miTiendaFromList(
  list: readonly MiTienda[],
  tiendaId: number,
): MiTienda | undefined {
  return list.find((t) => t.tiendaId === tiendaId);
}

/**
 * Online only when configured, with at least one product, and activated (docs/web-screens.md,
 * "Top and bottom bars").
 */
export function isTiendaEnLinea(t: MiTienda): boolean {
  const hasProducto = t.categorias.some((c) => c.productos.length > 0);
  return t.configured && hasProducto && t.activarODesactivar;
}
