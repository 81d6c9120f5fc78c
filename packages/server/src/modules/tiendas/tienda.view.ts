import { centavosToPesos } from '@tianguis/domain';
import type { TiendaRow } from './tienda.repository.js';
import type * as repo from './tienda.repository.js';

type CategoriaRow = Awaited<ReturnType<typeof repo.listCategoriasOf>>[number];
type ProductoRow = Awaited<ReturnType<typeof repo.listProductosOf>>[number];

/** A product as the spec's clients read it (field names are the spec's). */
export interface ProductoView {
  id: number;
  name: string;
  price: number;
  categoriaId: number;
  imageUrl: string;
  descripcion: string;
  detalle: string;
  tiendaId: number;
  activarODesactivar: boolean;
  deleted: boolean;
}

export interface CategoriaView {
  id: number;
  title: string;
  titleWithoutSpaces: string;
  imageUrl: string;
  tiendaId: number;
  deleted: boolean;
  productos: ProductoView[];
}

export interface TiendaView {
  tiendaId: number;
  usuario: string;
  nombre: string;
  imageUrl: string;
  celularTienda: string;
  montoMinimo: number;
  costoDeEnvio: number;
  radioMontoMinimo: string;
  radioCostoDeEnvio: string;
  configured: boolean;
  approved: boolean;
  activarODesactivar: boolean;
  deleted: boolean;
  timeZone: string;
  categorias: CategoriaView[];
}

export function toProductoView(p: ProductoRow): ProductoView {
  return {
    id: p.id,
    name: p.name,
    price: centavosToPesos(p.price),
    categoriaId: p.categoria_id,
    imageUrl: p.image_url,
    descripcion: p.descripcion,
    detalle: p.detalle,
    tiendaId: p.tienda_id,
    activarODesactivar: p.activated === 1,
    deleted: false,
  };
}

/**
 * Assembles shops with their categories and products from three flat reads. With
 * `onlyVisible`, categories without a product to sell are left out (the public page's rule).
 */
export function assembleTiendas(
  tiendas: TiendaRow[],
  categorias: CategoriaRow[],
  productos: ProductoRow[],
  onlyVisible: (tiendaId: number) => boolean,
): TiendaView[] {
  const productosByCategoria = new Map<number, ProductoView[]>();
  for (const p of productos) {
    const list = productosByCategoria.get(p.categoria_id);
    const view = toProductoView(p);
    if (list) list.push(view);
    else productosByCategoria.set(p.categoria_id, [view]);
  }
  const categoriasByTienda = new Map<number, CategoriaView[]>();
  for (const c of categorias) {
    const productosDeCategoria = productosByCategoria.get(c.id) ?? [];
    if (onlyVisible(c.tienda_id) && productosDeCategoria.length === 0) continue;
    const view: CategoriaView = {
      id: c.id,
      title: c.title,
      titleWithoutSpaces: c.title_without_spaces,
      imageUrl: c.image_url,
      tiendaId: c.tienda_id,
      deleted: false,
      productos: productosDeCategoria,
    };
    const list = categoriasByTienda.get(c.tienda_id);
    if (list) list.push(view);
    else categoriasByTienda.set(c.tienda_id, [view]);
  }
  return tiendas.map((t) => ({
    tiendaId: t.id,
    usuario: t.usuario,
    nombre: t.nombre,
    imageUrl: t.image_url,
    celularTienda: t.celular ?? '',
    montoMinimo: centavosToPesos(t.monto_minimo),
    costoDeEnvio: centavosToPesos(t.costo_de_envio),
    radioMontoMinimo: t.radio_monto_minimo,
    radioCostoDeEnvio: t.radio_costo_de_envio,
    configured: t.configured === 1,
    approved: t.approved === 1,
    activarODesactivar: t.activated === 1,
    deleted: t.deleted === 1,
    timeZone: t.time_zone,
    categorias: categoriasByTienda.get(t.id) ?? [],
  }));
}
