import type { EntregaTienda, GrupoVista, PagosVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';
import type {
  CategoriaPublica,
  ProductoPublico,
} from '../../tienda-publica/api/get-tienda-publica';

/** The owner's shop as the owner screens read it: every category and product, in any state. */
export interface MiTienda {
  tiendaId: number;
  usuario: string;
  nombre: string;
  imageUrl: string;
  celularTienda: string;
  montoMinimo: number;
  costoDeEnvio: number;
  radioMontoMinimo: 'si' | 'no' | string;
  radioCostoDeEnvio: 'si' | 'no' | string;
  configured: boolean;
  approved: boolean;
  activarODesactivar: boolean;
  deleted: boolean;
  timeZone: string;
  /** Second edition (docs/api.md, "Shop settings"); optional while an older server answers. */
  entrega?: EntregaTienda;
  /** The owner gets `transferencia` whole: CLABE, bank and holder. */
  pagos?: PagosVista;
  /** ISO instant until which new orders are paused, or null. */
  pausadoHasta?: string | null;
  categorias: (CategoriaPublica & {
    deleted: boolean;
    productos: ProductoDeMiTienda[];
  })[];
}

/** A product as the owner reads it: any state, with its option groups and today's sold-out mark. */
export type ProductoDeMiTienda = ProductoPublico & {
  deleted: boolean;
  grupos?: GrupoVista[];
  agotado?: boolean;
};

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

/** Online only when configured, with at least one product, and activated (section 1). */
export function isTiendaEnLinea(t: MiTienda): boolean {
  const hasProducto = t.categorias.some((c) => c.productos.length > 0);
  return t.configured && hasProducto && t.activarODesactivar;
}
