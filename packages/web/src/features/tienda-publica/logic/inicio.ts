import type { TiendaListada } from '../api/list-tiendas';

const collator = new Intl.Collator('es');

/**
 * The home page's shops: only those whose public page opens (section 4's visibility rule). The
 * list an owner or an admin receives also holds shops that aren't public yet; linking to them
 * would lead to the not-found page.
 */
export function tiendasParaInicio(tiendas: readonly TiendaListada[]): TiendaListada[] {
  return tiendas
    .filter(
      (t) =>
        t.deleted !== true &&
        t.approved !== false &&
        t.configured !== false &&
        t.activarODesactivar &&
        t.nombre.trim() !== '' &&
        t.nombre !== 'N/A' &&
        t.categorias.some(
          (c) =>
            c.deleted !== true &&
            c.productos.some((p) => p.activarODesactivar !== false && p.deleted !== true),
        ),
    )
    .sort((a, b) => collator.compare(a.nombre, b.nombre));
}
