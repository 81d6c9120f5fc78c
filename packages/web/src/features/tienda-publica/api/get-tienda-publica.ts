import type {
  DiaEspecial,
  EntregaTienda,
  GrupoVista,
  HorarioDia,
  PagosVista,
} from '@tianguis/domain';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
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
  /** Option groups, active options only (second edition; missing from older answers). */
  grupos?: GrupoVista[];
  /** Sold out for today (second edition). */
  agotado?: boolean;
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
  /** Second edition: missing from an older server's answer (then the first edition's rules). */
  entrega?: EntregaTienda;
  pagos?: PagosVista;
  /** ISO instant until which the owner paused orders, or null. */
  pausadoHasta?: string | null;
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
export async function getTiendaPublica(
  usuario: string,
  retryDelayMs = 300,
): Promise<TiendaPublicaAnswer> {
  const path = `/api/tienda/publica/${encodeURIComponent(usuario.toLowerCase())}`;
  // Section 4: the hours load is retried at most 3 times. Only a lost connection or a server
  // failure is worth another try; a 404 (no such shop) is the answer.
  for (let retry = 0; ; retry++) {
    try {
      return await api<TiendaPublicaAnswer>(path);
    } catch (error) {
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!transient || retry === MAX_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * (retry + 1)));
    }
  }
}

const MAX_RETRIES = 3;

let early: { usuario: string; answer: Promise<TiendaPublicaAnswer> } | undefined;

/**
 * Starts loading a shop's page as soon as the app's first script runs (boot.ts, on a /tienda/
 * address), while React still downloads: the data is here when the screen first renders (docs/performance.md,
 * "How LCP got under 2 s"). The first useTiendaPublica of that shop takes the answer.
 */
export function prefetchTiendaPublica(usuario: string): Promise<TiendaPublicaAnswer> {
  const answer = getTiendaPublica(usuario);
  answer.catch(() => undefined); // Read (and its failure shown) by the screen.
  early = { usuario: usuario.toLowerCase(), answer };
  return answer;
}

function loadTiendaPublica(usuario: string): Promise<TiendaPublicaAnswer> {
  const prefetched = early?.usuario === usuario.toLowerCase() ? early.answer : undefined;
  early = undefined;
  return prefetched ?? getTiendaPublica(usuario);
}

export function useTiendaPublica(usuario: string) {
  return useQuery(tiendaPublicaKey(usuario), () => loadTiendaPublica(usuario), { staleMs: 30_000 });
}
