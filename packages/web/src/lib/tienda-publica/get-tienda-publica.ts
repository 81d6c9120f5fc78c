import type {
  CategoriaVista,
  DiaEspecial,
  HorarioDia,
  ProductoVista,
  TiendaVista,
} from '@tianguis/domain';
import { api } from '../api';
import { ApiError } from '../api-client';
import { useQuery } from '../query';

// The answer's parts are the domain's wire shapes (packages/domain/src/tienda.schema.ts); the
// fields a server of the first edition left out, or that tests and the owner's screens build
// without, stay optional here. wire-types.test.ts checks that every answer the domain
// describes reads as these.

/** A product of the public answer. */
export type ProductoPublico = Omit<ProductoVista, 'deleted' | 'grupos' | 'agotado'> &
  Partial<Pick<ProductoVista, 'deleted' | 'grupos' | 'agotado'>>;

export type CategoriaPublica = Omit<CategoriaVista, 'deleted' | 'productos'> &
  Partial<Pick<CategoriaVista, 'deleted'>> & { productos: ProductoPublico[] };

/** The shop of the public answer (second-edition fields optional). */
export type TiendaPublica = Pick<
  TiendaVista,
  | 'tiendaId'
  | 'usuario'
  | 'nombre'
  | 'imageUrl'
  | 'celularTienda'
  | 'montoMinimo'
  | 'costoDeEnvio'
  | 'activarODesactivar'
  | 'timeZone'
> &
  Partial<
    Pick<
      TiendaVista,
      | 'entrega'
      | 'pagos'
      | 'pausadoHasta'
      | 'direccion'
      | 'telefono'
      | 'ubicacion'
      | 'zonas'
      | 'programacion'
      | 'demoraMin'
    >
  > & {
    categorias: CategoriaPublica[];
  };

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
  // The shop's load is retried at most 3 times (docs/web-screens.md, "Toasts and timings"). Only a
  // lost connection or a server failure is worth another try; a 404 (no such shop) is the answer.
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
