import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { JsonAnswerCache, type CachedJson } from '../../http/json-answer-cache.js';
import {
  createPublicTiendaReader,
  type PublicTiendaReader,
} from '../tiendas/tienda-publica.service.js';
import { listPublicTiendasWithBounds } from '../tiendas/tienda.service.js';
import { assemblePage, escapeXml, isUsableTemplate, SHELL_TEMPLATE } from './pagina-html.js';
import { jsonLdOf } from './pagina-jsonld.js';
import { findSitemapVersion, listUpdatedAt } from './paginas.repository.js';
import {
  categoriaPath,
  categoriasVisibles,
  fallbackMarkup,
  findPagina,
  metaOf,
  notFoundOf,
  productoPath,
  productosVisibles,
  tiendaPath,
  type PaginaNoEncontrada,
  type TiendaPublicaAnswer,
} from './pagina.view.js';

/** What the web app's server bundle exports (packages/web/src/entry-server.tsx). */
export interface SsrRender {
  (input: { url: string; tiendaPublica: TiendaPublicaAnswer; now: number }): Promise<{
    html: string;
  }>;
}

/** The web build's index.html, or undefined without a build. */
export function readWebTemplate(webDistDir: string): string | undefined {
  try {
    const html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    return isUsableTemplate(html) ? html : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The web app's server bundle, built beside the web build (`<webDistDir>-ssr`). Absent (a server
 * run without a build, most server tests) or broken, pages are made of server markup instead.
 */
export async function loadSsrRender(
  webDistDir: string,
  log: FastifyBaseLogger,
): Promise<SsrRender | undefined> {
  const file = `${webDistDir.replace(/\/+$/, '')}-ssr/entry-server.js`;
  if (!fs.existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { render?: unknown };
    if (typeof module.render === 'function') return module.render as SsrRender;
    log.warn({ file }, 'el paquete de servidor de la web no exporta render');
  } catch (error) {
    log.warn({ err: error, file }, 'no se pudo cargar el paquete de servidor de la web');
  }
  return undefined;
}

export type HtmlPage =
  | {
      status: 200;
      /** Names this exact page (shop version, state now, address, origin, build). */
      etag: string;
      body: CachedJson;
    }
  | { status: 304; etag: string }
  | { status: 404; body: CachedJson };

export interface PaginasServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The built index.html, or undefined (pages then use a minimal shell). */
  template: string | undefined;
  render: SsrRender | undefined;
  /** The public shop reader the JSON page uses, so both share one cache. */
  readPublicTienda?: PublicTiendaReader;
  /** Entries and bytes of rendered pages kept. */
  maxEntries?: number;
  maxBytes?: number;
}

const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const digestOf = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 16);

/**
 * Shop pages rendered once per (shop version, state now, address, origin) and kept as bytes:
 * a link shared in a group of 200 neighbours costs one render; every other visit is the
 * public read's version check and a lookup. The key is the public answer's ETag (which names
 * the shop's version and its time-dependent state) with the address, so an edit, a pause or
 * a shop opening makes the next visit render afresh, on any process.
 */
export function createPaginasService(deps: PaginasServiceDeps) {
  const { db, log, render } = deps;
  const template = deps.template ?? SHELL_TEMPLATE;
  const readPublicTienda = deps.readPublicTienda ?? createPublicTiendaReader(db);
  const cache = new JsonAnswerCache(deps.maxEntries ?? 1000, deps.maxBytes ?? 48 * 1024 * 1024);
  /** Renders under way, so that simultaneous first visits share one. */
  const pending = new Map<string, Promise<HtmlPage>>();
  // The template and bundle are fixed for the process: a new build is a new process, whose
  // pages must not be taken for the old ones' (browsers keep ETags across restarts).
  const buildId = digestOf(`${template}|${render ? 'ssr' : 'server'}`);

  /**
   * Addresses of a public shop that name no page (a product hidden since the link was shared),
   * under the same key a page would have: a link that 404s is not parsed on every visit either.
   */
  const missing = new Map<string, HtmlPage>();
  function keepMissing(etag: string, page: HtmlPage): HtmlPage {
    missing.delete(etag);
    missing.set(etag, page);
    if (missing.size > 1000) missing.delete(missing.keys().next().value!);
    return page;
  }

  const notFoundPages = new Map<string, CachedJson>();
  function notFound(what: PaginaNoEncontrada, answer?: TiendaPublicaAnswer): HtmlPage {
    const key = `${what}|${answer?.tienda.tiendaId ?? ''}|${answer?.tienda.nombre ?? ''}`;
    let body = notFoundPages.get(key);
    if (!body) {
      const page = notFoundOf(what, answer?.tienda);
      body = { body: Buffer.from(assemblePage(template, page.meta, page.markup), 'utf8') };
      if (notFoundPages.size > 100) notFoundPages.clear();
      notFoundPages.set(key, body);
    }
    return { status: 404, body };
  }

  async function build(
    answerBody: Buffer,
    pathname: string,
    address: { subcategoria?: string; productoId?: string },
    origin: string,
    etag: string,
  ): Promise<HtmlPage> {
    const text = answerBody.toString('utf8');
    const answer = JSON.parse(text) as TiendaPublicaAnswer;
    const pagina = findPagina(answer.tienda, address.subcategoria, address.productoId);
    if (typeof pagina === 'string') return keepMissing(etag, notFound(pagina, answer));
    const meta = { ...metaOf(pagina, answer, origin), jsonLd: jsonLdOf(answer, pagina, origin) };
    const now = Date.now();
    let markup: string | undefined;
    if (render) {
      try {
        markup = (await render({ url: pathname, tiendaPublica: answer, now })).html;
      } catch (error) {
        // The menu still reaches the visitor, as server markup, and the app starts afresh.
        log.error({ err: error, url: pathname }, 'falló el render de la página de la tienda');
      }
    }
    const html =
      markup === undefined
        ? assemblePage(template, meta, fallbackMarkup(pagina, answer))
        : // The public answer's own bytes: no second serialisation, exactly what the API sends.
          assemblePage(template, meta, markup, `{"tiendaPublica":${text},"now":${now}}`);
    return { status: 200, etag, body: cache.set(etag, html) };
  }

  /**
   * The page an address names: `subcategoria` and `productoId` as the address has them,
   * `pathname` its path (the render's `url`: the query string is left out, so links with
   * tracking parameters share one render), `origin` where absolute addresses point.
   */
  async function renderPage(
    usuario: string,
    address: { subcategoria?: string; productoId?: string },
    pathname: string,
    origin: string,
    /** The request's If-None-Match: a page still the same is not rendered again. */
    isCurrent: (etag: string) => boolean = () => false,
  ): Promise<HtmlPage> {
    // No shop has such a name, and PostgreSQL refuses NUL in a query's text.
    if (usuario.length > 100 || hasControlCharacter(usuario)) return notFound('tienda');
    let answer;
    try {
      answer = await readPublicTienda(usuario);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NO_ENCONTRADO') return notFound('tienda');
      throw error;
    }
    const etag = `W/"p${digestOf(`${answer.etag}|${pathname}|${origin}|${buildId}`)}"`;
    // Only a page answered 200 ever had this ETag, and every input of the page is in it.
    if (isCurrent(etag)) return { status: 304, etag };
    const cached = cache.get(etag);
    if (cached) return { status: 200, etag, body: cached };
    const gone = missing.get(etag);
    if (gone) return gone;
    let page = pending.get(etag);
    if (!page) {
      page = build(answer.body.body, pathname, address, origin, etag);
      pending.set(etag, page);
      void page.finally(() => pending.delete(etag)).catch(() => undefined);
    }
    return page;
  }

  // ---- sitemap.xml ----

  const sitemaps = new Map<string, string>();

  /**
   * Every public shop page (the public directory's rule: approved, active, configured, with a
   * product to sell), its categories and products, with the shop's last change as `lastmod`.
   * Kept per catalogue version and origin.
   */
  async function sitemap(origin: string): Promise<string> {
    const version = await findSitemapVersion(db);
    const key = `${version}|${origin}`;
    const kept = sitemaps.get(key);
    if (kept) return kept;
    const { views } = await listPublicTiendasWithBounds(db, new Date());
    const lastmod = await listUpdatedAt(
      db,
      views.map((t) => t.tiendaId),
    );
    const urls: string[] = [];
    for (const tienda of views) {
      const at = lastmod.get(tienda.tiendaId);
      const mod = at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : undefined;
      const add = (pagePath: string) =>
        urls.push(
          `<url><loc>${escapeXml(origin + pagePath)}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</url>`,
        );
      add(tiendaPath(tienda.usuario));
      for (const c of categoriasVisibles(tienda)) {
        add(categoriaPath(tienda.usuario, c));
        for (const p of productosVisibles(c)) add(productoPath(tienda.usuario, c, p));
      }
    }
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      urls.join('\n') +
      '\n</urlset>\n';
    if (sitemaps.size >= 8) sitemaps.delete(sitemaps.keys().next().value!);
    sitemaps.set(key, xml);
    return xml;
  }

  return { renderPage, sitemap, cache, template };
}

export type PaginasService = ReturnType<typeof createPaginasService>;

/** Screens of owners, admins and one shopper's orders: nothing for a search engine. */
const PRIVATE_PATHS = [
  '/api/',
  '/mitienda',
  '/pedidos',
  '/pedido/',
  '/mispedidos',
  '/checkout',
  '/configuracion-de-tienda',
  '/configurar-tienda',
  '/horarios',
  '/activartienda',
  '/codigoqr',
  '/producto-form',
  '/admin-',
  '/aprobar-usuarios',
  '/usuarios-registrados',
  '/recuperar-contrasena',
  '/signin',
  '/signout',
  '/register',
  '/escanear-qr',
  '/docs',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /tienda/',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
