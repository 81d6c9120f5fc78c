import { toZonaVista, toZonasPublicas, type ZonaGuardada } from './zonas.service.js';
import {
  centavosToPesos,
  isAgotado,
  redactPagos,
  toEntregaTienda,
  toPagosTienda,
  type GrupoDef,
  type GrupoVista,
  type CategoriaVista,
  type ProductoVista,
  type PuntoMapa,
  type TiendaVista,
} from '@tianguis/domain';
import type { TiendaRow } from './tienda.repository.js';
import { demoraDe, pausaAutomaticaDe, programacionDe } from './programacion.view.js';
import type * as catalogo from '../catalogo/catalogo.service.js';

type CategoriaRow = Awaited<ReturnType<typeof catalogo.listCategoriasOf>>[number];
type ProductoRow = Awaited<ReturnType<typeof catalogo.listProductosOf>>[number];

// The answers' shapes are the domain's wire schemas (packages/domain/src/tienda.schema.ts):
// the routes declare and serialise them, and the web app reads them.
export type ProductoView = ProductoVista;
export type CategoriaView = CategoriaVista;
export type TiendaView = TiendaVista;

/** The stored point as the answers carry it: null unless both halves are there. */
export function ubicacionDe(t: {
  ubicacion_lat: number | null;
  ubicacion_lng: number | null;
}): PuntoMapa | null {
  return t.ubicacion_lat === null || t.ubicacion_lng === null
    ? null
    : { lat: Number(t.ubicacion_lat), lng: Number(t.ubicacion_lng) };
}

/** Option groups as answers carry them: prices in pesos. */
export function gruposVista(
  grupos: ReadonlyMap<number, readonly GrupoDef[]>,
): Map<number, GrupoVista[]> {
  const porProducto = new Map<number, GrupoVista[]>();
  for (const [productoId, deProducto] of grupos) {
    porProducto.set(
      productoId,
      deProducto.map((g) => ({
        id: g.id,
        nombre: g.nombre,
        minimo: g.minimo,
        maximo: g.maximo,
        opciones: g.opciones.map((o) => ({
          id: o.id,
          nombre: o.nombre,
          precioExtra: centavosToPesos(o.precioExtra),
          activo: o.activo,
        })),
      })),
    );
  }
  return porProducto;
}

export interface AssembleOptions {
  /** The instant the time-dependent fields (`agotado`) are computed for. */
  now: Date;
  /** Groups by product id (gruposVista). */
  grupos: ReadonlyMap<number, GrupoVista[]>;
  /** Whether this caller sees the shop's transfer details whole (its owner, the admin). */
  seesPagos: (tiendaId: number) => boolean;
  /**
   * Each shop's delivery zones (zonas.service.ts); a shop left out has none. The caller that
   * sees pagos whole (owner, admin) gets every zone with its id, everyone else the active ones.
   */
  zonas?: ReadonlyMap<number, readonly ZonaGuardada[]>;
}

export function toProductoView(
  p: ProductoRow,
  now: Date,
  grupos: ReadonlyMap<number, GrupoVista[]>,
): ProductoView {
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
    agotado: isAgotado(p.agotado_hasta, now),
    grupos: grupos.get(p.id) ?? [],
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
  options: AssembleOptions,
): TiendaView[] {
  const productosByCategoria = new Map<number, ProductoView[]>();
  for (const p of productos) {
    const list = productosByCategoria.get(p.categoria_id);
    const view = toProductoView(p, options.now, options.grupos);
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
  return tiendas.map((t): TiendaView => ({
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
    zonas: options.seesPagos(t.id)
      ? (options.zonas?.get(t.id) ?? []).map(toZonaVista)
      : toZonasPublicas(options.zonas?.get(t.id) ?? []),
    programacion: programacionDe(t),
    demoraMin: demoraDe(t, options.now),
    ...(options.seesPagos(t.id) ? { pausaAutomatica: pausaAutomaticaDe(t) } : {}),
    entrega: toEntregaTienda(t),
    pagos: options.seesPagos(t.id) ? toPagosTienda(t) : redactPagos(toPagosTienda(t)),
    pausadoHasta: t.pausado_hasta,
    direccion: t.direccion,
    telefono: t.telefono,
    ubicacion: ubicacionDe(t),
    categorias: categoriasByTienda.get(t.id) ?? [],
  }));
}
