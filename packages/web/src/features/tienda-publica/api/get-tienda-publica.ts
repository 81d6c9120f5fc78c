import type { DiaEspecial, HorarioDia } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

export interface ProductoPublico {
  id: number;
  name: string;
  price: number;
  categoriaId: number;
  imageUrl: string;
  descripcion: string;
  detalle: string;
  tiendaId: number;
  activarODesactivar: boolean;
  /** Always false in the public answer; owner and admin lists may carry deleted rows' flags. */
  deleted?: boolean;
}

export interface CategoriaPublica {
  id: number;
  title: string;
  titleWithoutSpaces: string;
  imageUrl: string;
  tiendaId: number;
  deleted?: boolean;
  productos: ProductoPublico[];
}

export interface TiendaPublica {
  tiendaId: number;
  usuario: string;
  nombre: string;
  imageUrl: string;
  celularTienda: string;
  montoMinimo: number;
  costoDeEnvio: number;
  activarODesactivar: boolean;
  timeZone: string;
  categorias: CategoriaPublica[];
}

export interface TiendaPublicaAnswer {
  tienda: TiendaPublica;
  horarios: HorarioDia[];
  diasEspeciales: DiaEspecial[];
}

export const tiendaPublicaKey = (usuario: string) => ['tienda-publica', usuario.toLowerCase()];

/**
 * One call loads everything a shop's public page needs (shop, categories, products, hours,
 * special days), so a page opened straight from a QR scan needs nothing else. A shop that
 * doesn't exist or isn't public answers 404 (NO_ENCONTRADO).
 */
export function getTiendaPublica(usuario: string): Promise<TiendaPublicaAnswer> {
  return api<TiendaPublicaAnswer>(
    `/api/tienda/publica/${encodeURIComponent(usuario.toLowerCase())}`,
  );
}

export function useTiendaPublica(usuario: string) {
  return useQuery(tiendaPublicaKey(usuario), () => getTiendaPublica(usuario), { staleMs: 30_000 });
}
