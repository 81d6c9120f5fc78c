import { formatPesos, pesosToCentavos } from '@tianguis/domain';
import type { HorarioView } from '../horarios/horario.service.js';
import type { CategoriaView, ProductoView, TiendaView } from '../tiendas/tienda.service.js';
import { escapeHtml, SITE_NAME, type PageImage, type PageMeta } from './pagina-html.js';

/** The body `GET /api/tienda/publica/:usuario` answers: what a page is made from. */
export interface TiendaPublicaAnswer {
  tienda: TiendaView;
  horarios: HorarioView[];
  diasEspeciales: unknown[];
  abierta: boolean;
  mensajeCerrada: string | null;
}

/** Which page of a shop an address names, found in the shop's public answer. */
export type Pagina =
  | { kind: 'tienda'; tienda: TiendaView }
  | { kind: 'categoria'; tienda: TiendaView; categoria: CategoriaView }
  | { kind: 'producto'; tienda: TiendaView; categoria: CategoriaView; producto: ProductoView };

export type PaginaNoEncontrada = 'tienda' | 'categoria' | 'producto';

const collator = new Intl.Collator('es');

/** A category title as the web app writes it in addresses: lowercased, spaces removed. */
export function toSegment(title: string): string {
  return title.toLowerCase().replace(/\s+/g, '');
}

/** Products a visitor may see (the public answer already leaves out the others). */
export function productosVisibles(categoria: CategoriaView): ProductoView[] {
  return categoria.productos
    .filter((p) => p.activarODesactivar !== false && p.deleted !== true)
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The categories the shop page shows: those with a product to sell, by title. */
export function categoriasVisibles(tienda: TiendaView): CategoriaView[] {
  return tienda.categorias
    .filter((c) => c.deleted !== true && productosVisibles(c).length > 0)
    .sort((a, b) => collator.compare(a.title, b.title));
}

export function findPagina(
  tienda: TiendaView,
  subcategoria: string | undefined,
  productoId: string | undefined,
): Pagina | PaginaNoEncontrada {
  if (subcategoria === undefined) return { kind: 'tienda', tienda };
  const wanted = toSegment(subcategoria);
  const categoria = categoriasVisibles(tienda).find((c) => toSegment(c.title) === wanted);
  if (!categoria) return 'categoria';
  if (productoId === undefined) return { kind: 'categoria', tienda, categoria };
  const id = /^\d{1,15}$/.test(productoId) ? Number(productoId) : NaN;
  const producto = productosVisibles(categoria).find((p) => p.id === id);
  if (!producto) return 'producto';
  return { kind: 'producto', tienda, categoria, producto };
}

// ---- Addresses ----

export function tiendaPath(usuario: string): string {
  return `/tienda/${encodeURIComponent(usuario)}`;
}

export function categoriaPath(usuario: string, categoria: CategoriaView): string {
  return `${tiendaPath(usuario)}/${encodeURIComponent(toSegment(categoria.title))}`;
}

export function productoPath(
  usuario: string,
  categoria: CategoriaView,
  producto: ProductoView,
): string {
  return `${categoriaPath(usuario, categoria)}/productodetalle/${producto.id}`;
}

export function paginaPath(pagina: Pagina): string {
  const { usuario } = pagina.tienda;
  if (pagina.kind === 'tienda') return tiendaPath(usuario);
  if (pagina.kind === 'categoria') return categoriaPath(usuario, pagina.categoria);
  return productoPath(usuario, pagina.categoria, pagina.producto);
}

/** 'N/A' or nothing means no image was uploaded. */
export function hasImage(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.trim() !== '' && url !== 'N/A';
}

export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The app icon (packages/web/public/icons), when the shop or product has no photo. */
export const APP_ICON = { path: '/icons/icon-512.png', width: 512, height: 512 };

// ---- Words ----

export function precioDe(producto: ProductoView): string {
  return formatPesos(pesosToCentavos(producto.price));
}

function entregaDe(tienda: TiendaView): string | undefined {
  const { domicilio, recoger } = tienda.entrega;
  if (domicilio && recoger) return 'Entrega a domicilio o para recoger';
  if (domicilio) return 'Entrega a domicilio';
  if (recoger) return 'Para recoger en la tienda';
  return undefined;
}

function minimoDe(tienda: TiendaView): string | undefined {
  if (tienda.radioMontoMinimo !== 'si' || !(tienda.montoMinimo > 0)) return undefined;
  return `Pedido mínimo ${formatPesos(pesosToCentavos(tienda.montoMinimo))}`;
}

/** Open now, or the shop's own notice (paused, closed, when it opens). */
export function avisoDe(answer: TiendaPublicaAnswer): string {
  return answer.abierta
    ? 'Abierta ahora: haz tu pedido en línea.'
    : (answer.mensajeCerrada ?? 'Cerrada por ahora.');
}

function cut(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** What the shop sells, its minimum, how it delivers and its hours notice, in one line. */
export function describeTienda(answer: TiendaPublicaAnswer): string {
  const { tienda } = answer;
  const categorias = categoriasVisibles(tienda).map((c) => c.title);
  const vende =
    categorias.length === 0
      ? `Pide en línea a ${tienda.nombre}`
      : `Pide en línea a ${tienda.nombre}: ${categorias.slice(0, 5).join(', ')}${categorias.length > 5 ? ' y más' : ''}`;
  const parts = [vende, minimoDe(tienda), entregaDe(tienda), avisoDe(answer)];
  return cut(
    parts
      .filter((p): p is string => p !== undefined)
      .map(sentence)
      .join(' '),
    300,
  );
}

function imageOf(
  origin: string,
  url: string | undefined,
  alt: string,
  fallback?: string,
): PageImage {
  if (hasImage(url)) return { url: absoluteUrl(origin, url), isPhoto: true, alt };
  if (fallback !== undefined && hasImage(fallback)) {
    return { url: absoluteUrl(origin, fallback), isPhoto: true, alt };
  }
  return {
    url: absoluteUrl(origin, APP_ICON.path),
    width: APP_ICON.width,
    height: APP_ICON.height,
    isPhoto: false,
    alt: SITE_NAME,
  };
}

/** `<title>`, description, canonical, OpenGraph image: JSON-LD is added by the caller. */
export function metaOf(pagina: Pagina, answer: TiendaPublicaAnswer, origin: string): PageMeta {
  const { tienda } = pagina;
  const canonical = `${origin}${paginaPath(pagina)}`;
  if (pagina.kind === 'producto') {
    const { producto } = pagina;
    const detalle = [producto.descripcion, producto.detalle].filter((t) => t.trim() !== '');
    return {
      title: `${producto.name} · ${tienda.nombre}`,
      description: cut(
        [
          `${producto.name}: ${precioDe(producto)} en ${tienda.nombre}`,
          ...detalle,
          producto.agotado ? 'Agotado por hoy' : undefined,
          avisoDe(answer),
        ]
          .filter((p): p is string => p !== undefined)
          .map(sentence)
          .join(' '),
        300,
      ),
      canonical,
      ogType: 'product',
      image: imageOf(origin, producto.imageUrl, producto.name, tienda.imageUrl),
    };
  }
  if (pagina.kind === 'categoria') {
    const { categoria } = pagina;
    const nombres = productosVisibles(categoria).map((p) => `${p.name} ${precioDe(p)}`);
    return {
      title: `${categoria.title} · ${tienda.nombre}`,
      description: cut(
        [`${categoria.title} en ${tienda.nombre}: ${nombres.join(', ')}`, avisoDe(answer)]
          .map(sentence)
          .join(' '),
        300,
      ),
      canonical,
      ogType: 'website',
      image: imageOf(origin, categoria.imageUrl, categoria.title, tienda.imageUrl),
    };
  }
  return {
    title: `${tienda.nombre} · ${SITE_NAME}`,
    description: describeTienda(answer),
    canonical,
    ogType: 'website',
    image: imageOf(origin, tienda.imageUrl, tienda.nombre),
  };
}

// ---- The page without the web app's server bundle ----

function productoItem(usuario: string, categoria: CategoriaView, p: ProductoView): string {
  const parts = [
    `<a href="${escapeHtml(productoPath(usuario, categoria, p))}">${escapeHtml(p.name)}</a>`,
    ` <strong>${escapeHtml(precioDe(p))}</strong>`,
  ];
  if (p.agotado) parts.push(' <em>Agotado por hoy</em>');
  if (p.descripcion.trim() !== '') parts.push(`<br />${escapeHtml(p.descripcion)}`);
  return `<li>${parts.join('')}</li>`;
}

function categoriaSection(usuario: string, categoria: CategoriaView, heading: 'h1' | 'h2'): string {
  const items = productosVisibles(categoria).map((p) => productoItem(usuario, categoria, p));
  const title =
    heading === 'h2'
      ? `<a href="${escapeHtml(categoriaPath(usuario, categoria))}">${escapeHtml(categoria.title)}</a>`
      : escapeHtml(categoria.title);
  return `<section><${heading}>${title}</${heading}><ul>${items.join('')}</ul></section>`;
}

/**
 * The menu as plain server-made markup: readable without JavaScript and honest when the web
 * app's server bundle is absent. The web app replaces it when it starts (no data block is sent
 * with it, so the app renders afresh instead of hydrating markup it did not make).
 */
export function fallbackMarkup(pagina: Pagina, answer: TiendaPublicaAnswer): string {
  const { tienda } = pagina;
  const contacto = [
    tienda.direccion && `Dirección: ${tienda.direccion}`,
    tienda.telefono && `Teléfono: ${tienda.telefono}`,
  ].filter((p): p is string => typeof p === 'string');
  const datos = [avisoDe(answer), minimoDe(tienda), entregaDe(tienda), ...contacto]
    .filter((p): p is string => p !== undefined)
    .map((p) => `<p>${escapeHtml(sentence(p))}</p>`)
    .join('');
  const encabezado = (level: 'h1' | 'p') =>
    level === 'h1'
      ? `<h1>${escapeHtml(tienda.nombre)}</h1>`
      : `<p><a href="${escapeHtml(tiendaPath(tienda.usuario))}">${escapeHtml(tienda.nombre)}</a></p>`;
  let body: string;
  if (pagina.kind === 'tienda') {
    body =
      encabezado('h1') +
      datos +
      categoriasVisibles(tienda)
        .map((c) => categoriaSection(tienda.usuario, c, 'h2'))
        .join('');
  } else if (pagina.kind === 'categoria') {
    body = encabezado('p') + datos + categoriaSection(tienda.usuario, pagina.categoria, 'h1');
  } else {
    const { producto, categoria } = pagina;
    const foto = hasImage(producto.imageUrl)
      ? `<img src="${escapeHtml(producto.imageUrl)}" alt="${escapeHtml(producto.name)}" />`
      : '';
    body =
      encabezado('p') +
      `<p><a href="${escapeHtml(categoriaPath(tienda.usuario, categoria))}">${escapeHtml(categoria.title)}</a></p>` +
      `<h1>${escapeHtml(producto.name)}</h1>${foto}` +
      `<p><strong>${escapeHtml(precioDe(producto))}</strong>${producto.agotado ? ' <em>Agotado por hoy</em>' : ''}</p>` +
      [producto.descripcion, producto.detalle]
        .filter((t) => t.trim() !== '')
        .map((t) => `<p>${escapeHtml(t)}</p>`)
        .join('') +
      datos;
  }
  return `<main>${body}</main>`;
}

const NO_ENCONTRADO: Record<PaginaNoEncontrada, string> = {
  tienda: 'No encontramos esta tienda',
  categoria: 'No encontramos esta categoría',
  producto: 'No encontramos este producto',
};

/** The 404 page's words and markup: a way back to the shop when there is one, and home. */
export function notFoundOf(
  what: PaginaNoEncontrada,
  tienda?: TiendaView,
): { meta: PageMeta; markup: string } {
  const title = NO_ENCONTRADO[what];
  const back = tienda
    ? `<p><a href="${escapeHtml(tiendaPath(tienda.usuario))}">Ver el menú de ${escapeHtml(tienda.nombre)}</a></p>`
    : '';
  const markup =
    `<main><h1>${title}</h1>` +
    '<p>Puede que la dirección esté mal escrita o que ya no esté disponible.</p>' +
    `${back}<p><a href="/">Ir al inicio de Tianguis</a></p></main>`;
  return {
    meta: { title: `${title} · ${SITE_NAME}`, description: `${title}.`, noindex: true },
    markup,
  };
}
