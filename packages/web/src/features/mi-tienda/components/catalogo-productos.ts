import { isIdValido } from '@tianguis/domain';
import type { MiTienda } from '../api/get-mi-tienda';

export type CategoriaDeTienda = MiTienda['categorias'][number];
export type ProductoDeTienda = CategoriaDeTienda['productos'][number];

// Spanish order that ignores case and accents ('árbol' beside 'Arroz', 'ñ' after 'n').
const collator = new Intl.Collator('es', { sensitivity: 'base' });

/** Categories the owner still has (deleted ones are never shown). */
export function listCategorias(tienda: MiTienda | undefined): CategoriaDeTienda[] {
  return (tienda?.categorias ?? []).filter((c) => !c.deleted);
}

/** Products of one category that are not deleted, active or not. */
export function listProductosOf(categoria: CategoriaDeTienda): ProductoDeTienda[] {
  // Named as the owner's product type: the shared public type's array would widen filter's result.
  const productos: readonly ProductoDeTienda[] = categoria.productos;
  return productos.filter((p) => !p.deleted);
}

/** Every product of the shop, active or not, deleted ones left out. */
export function listProductos(tienda: MiTienda | undefined): ProductoDeTienda[] {
  return listCategorias(tienda).flatMap(listProductosOf);
}

/** By name in Spanish collation, case- and accent-insensitive; ties keep their order by id. */
export function sortProductosByName<P extends { name: string; id: number }>(
  productos: readonly P[],
): P[] {
  return [...productos].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

export const BUSQUEDA_MIN = 2;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('es');
}

/**
 * The /mitienda search: nothing under 2 characters, otherwise a case-insensitive substring of
 * the name (accents ignored too, so 'cafe' finds 'Café'), in name order.
 */
export function searchProductos<P extends { name: string; id: number }>(
  productos: readonly P[],
  query: string,
): P[] {
  const needle = fold(query.trim());
  if (needle.length < BUSQUEDA_MIN) return [];
  return sortProductosByName(productos.filter((p) => fold(p.name).includes(needle)));
}

/** The item of `lista` with that id; none without an id. */
function findById<T extends { id: number }>(lista: readonly T[], id: number | undefined) {
  return id === undefined ? undefined : lista.find((item) => item.id === id);
}

export function findCategoria(
  tienda: MiTienda | undefined,
  id: number | undefined,
): CategoriaDeTienda | undefined {
  return findById(listCategorias(tienda), id);
}

export function findProducto(
  tienda: MiTienda | undefined,
  id: number | undefined,
): ProductoDeTienda | undefined {
  return findById(listProductos(tienda), id);
}

/** A positive integer id from a route parameter or query, else undefined. */
export function readId(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return isIdValido(id) ? id : undefined;
}

/** An image the shop has set, or undefined for the unset marker 'N/A'. */
export function imageOrUndefined(imageUrl: string | undefined): string | undefined {
  const value = imageUrl?.trim() ?? '';
  return value === '' || value === 'N/A' ? undefined : value;
}
