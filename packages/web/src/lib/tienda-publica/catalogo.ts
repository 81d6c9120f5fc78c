import type { CategoriaPublica, ProductoPublico, TiendaPublica } from './get-tienda-publica';

/** Spanish order for titles and names: 'Águas' beside 'Aguas', 'ñ' after 'n'. */
const collator = new Intl.Collator('es');

/** A title as a URL segment: lowercased, every space removed ('Tacos Al Pastor' → 'tacosalpastor'). */
export function toSegment(title: string): string {
  return title.toLowerCase().replace(/\s+/g, '');
}

/** The category's segment: its title lowercased, spaces removed (docs/web-screens.md). */
export function segmentOf(categoria: Pick<CategoriaPublica, 'title'>): string {
  return toSegment(categoria.title);
}

/** Products a visitor may see and order (the public answer already leaves out the others). */
export function productosVisibles(categoria: CategoriaPublica): ProductoPublico[] {
  return categoria.productos.filter((p) => p.activarODesactivar !== false && p.deleted !== true);
}

/** The shop page's cards: categories holding at least one product, sorted by title. */
export function categoriasConProductos(tienda: TiendaPublica): CategoriaPublica[] {
  return tienda.categorias
    .filter((c) => c.deleted !== true)
    .filter((c) => productosVisibles(c).length > 0)
    .sort((a, b) => collator.compare(a.title, b.title));
}

/** The category a URL segment names, compared the way links are built (case and spaces aside). */
export function findCategoria(
  tienda: TiendaPublica,
  segment: string,
): CategoriaPublica | undefined {
  const wanted = toSegment(segment);
  return tienda.categorias.find((c) => c.deleted !== true && segmentOf(c) === wanted);
}

/** A category's product cards, sorted by name. */
export function productosOrdenados(categoria: CategoriaPublica): ProductoPublico[] {
  return productosVisibles(categoria).sort((a, b) => collator.compare(a.name, b.name));
}

export interface ProductoEnTienda {
  producto: ProductoPublico;
  categoria: CategoriaPublica;
}

/** A product by id anywhere in the shop, with the category it belongs to. */
export function findProducto(tienda: TiendaPublica, id: number): ProductoEnTienda | undefined {
  for (const categoria of tienda.categorias) {
    if (categoria.deleted === true) continue;
    const producto = productosVisibles(categoria).find((p) => p.id === id);
    if (producto) return { producto, categoria };
  }
  return undefined;
}

/** The search starts at 2 characters (docs/web-screens.md, "Shop pages"). */
export const BUSQUEDA_MINIMA = 2;

/**
 * The product search (docs/web-screens.md, "Shop pages"): case-insensitive substring of the
 * product name, across the shop's categories; nothing below 2 characters (spaces around the text
 * don't count).
 */
export function searchProductos(tienda: TiendaPublica, texto: string): ProductoEnTienda[] {
  const needle = texto.trim().toLocaleLowerCase('es');
  if (needle.length < BUSQUEDA_MINIMA) return [];
  const found: ProductoEnTienda[] = [];
  for (const categoria of tienda.categorias) {
    if (categoria.deleted === true) continue;
    for (const producto of productosVisibles(categoria)) {
      if (producto.name.toLocaleLowerCase('es').includes(needle)) {
        found.push({ producto, categoria });
      }
    }
  }
  return found.sort((a, b) => collator.compare(a.producto.name, b.producto.name));
}

export function tiendaPath(usuario: string): string {
  return `/tienda/${encodeURIComponent(usuario)}`;
}

export function categoriaPath(usuario: string, categoria: Pick<CategoriaPublica, 'title'>): string {
  return `${tiendaPath(usuario)}/${encodeURIComponent(segmentOf(categoria))}`;
}

export function productoPath(
  usuario: string,
  categoria: Pick<CategoriaPublica, 'title'>,
  producto: Pick<ProductoPublico, 'id'>,
): string {
  return `${categoriaPath(usuario, categoria)}/productodetalle/${producto.id}`;
}

/** Navigation state the product links carry, so the detail page shows at once (web-screens.md). */
export interface ProductoNavState {
  producto: ProductoPublico;
}

/** The product in a location's state, if it is the one the URL names. */
export function productoFromState(state: unknown, id: number): ProductoPublico | undefined {
  const producto = (state as Partial<ProductoNavState> | null | undefined)?.producto;
  if (!producto || typeof producto !== 'object' || producto.id !== id) return undefined;
  return typeof producto.name === 'string' && typeof producto.price === 'number'
    ? producto
    : undefined;
}

/** 'N/A' or nothing means no image was uploaded. */
export function hasImage(url: string | null | undefined): url is string {
  const text = url?.trim() ?? '';
  return text !== '' && text.toUpperCase() !== 'N/A';
}
