import { gzipSync } from 'node:zlib';
import type { PublicTiendaReader } from '../tiendas/tienda-publica.service.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { acceptsGzip } from '../../http/json-answer-cache.js';
import {
  createPaginasService,
  loadSsrRender,
  readWebTemplate,
  robotsTxt,
  type HtmlPage,
  type PaginasService,
} from './paginas.service.js';

/** What the pages answer: HTML, never JSON (their errors are pages too, but for `/*`'s 404). */
const HTML = ['text/html'];

const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/**
 * Where absolute addresses in pages point: PUBLIC_URL when it is set, else the origin the
 * visitor asked (scheme and host as Fastify reads them, X-Forwarded-* only from TRUST_PROXY's
 * proxies). A Host that is not a host name falls back to the configured address.
 */
export function originOf(request: FastifyRequest, config: Config): string {
  if (config.publicUrlExplicit) return config.publicUrl;
  const host = request.host.toLowerCase();
  if (!HOST.test(host)) return config.publicUrl;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host}`;
}

/** Paths that are never web app screens: their 404 stays the API's JSON. */
const NOT_APP_PATHS = /^\/(api|images|assets|docs|health|icons)(\/|$)/;
const FILE_NAMES = new Set(['/sw.js', '/manifest.webmanifest', '/sitemap.xml', '/robots.txt']);

/** Whether a GET that matched no route is a screen of the web app the browser should load. */
export function isAppPath(pathname: string, accept: string | undefined): boolean {
  if (NOT_APP_PATHS.test(pathname) || FILE_NAMES.has(pathname)) return false;
  // A missing file (`/favicon.ico`, `/x.js`) is not a screen.
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return false;
  if (accept === undefined || accept.trim() === '') return true;
  return /(^|[\s,])(text\/html|text\/\*|\*\/\*)/i.test(accept);
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  paginas: PaginasService,
  page: HtmlPage,
): FastifyReply | Promise<FastifyReply> {
  void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (page.status === 304) return reply.status(304).header('etag', page.etag).send();
  void reply.status(page.status).type('text/html; charset=utf-8');
  if (page.status === 404) return reply.send(page.body.body);
  void reply.header('etag', page.etag);
  const entry = page.body;
  if (entry.body.length < 1024 || !acceptsGzip(request.headers['accept-encoding'])) {
    return reply.send(entry.body);
  }
  // Gzipped once per page and kept with it: a cached page costs no compression either.
  void reply.header('content-encoding', 'gzip');
  if (entry.gzipped) return reply.send(entry.gzipped);
  return paginas.cache.gzipOf(page.etag, entry).then((zipped) => reply.send(zipped));
}

interface PageParams {
  usuario: string;
  subcategoria?: string;
  id?: string;
}

/**
 * The shop pages that travel (docs/shop-pages.md): server-rendered shop, category and product
 * pages with their metadata, sitemap.xml, robots.txt, and the web app's index.html for every
 * other screen's address (path URLs).
 */
export async function registerPaginaRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; readPublicTienda?: PublicTiendaReader },
): Promise<PaginasService> {
  const { config } = deps;
  const webTemplate = readWebTemplate(config.webDistDir);
  const render = webTemplate ? await loadSsrRender(config.webDistDir, app.log) : undefined;
  const paginas = createPaginasService({
    db: deps.db,
    log: app.log,
    template: webTemplate,
    render,
    readPublicTienda: deps.readPublicTienda,
  });

  async function answerPage(
    request: FastifyRequest<{ Params: PageParams }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const { usuario, subcategoria, id } = request.params;
    const pathname = request.url.split('?')[0] ?? '/';
    const page = await paginas.renderPage(
      usuario,
      { subcategoria, productoId: id },
      pathname,
      originOf(request, config),
      (etag) => matchesIfNoneMatch(request.headers['if-none-match'], etag),
    );
    return sendPage(request, reply, paginas, page);
  }

  // Pages, not API calls: their errors are HTML pages, not {code, message}, so they stay out
  // of the API's description (docs/shop-pages.md describes them).
  const schema = (summary: string) => ({ schema: { hide: true, summary, produces: HTML } });
  app.get<{ Params: PageParams }>(
    '/tienda/:usuario',
    schema('Página de una tienda: su menú con precios'),
    answerPage,
  );
  app.get<{ Params: PageParams }>(
    '/tienda/:usuario/:subcategoria',
    schema('Página de una categoría de una tienda'),
    answerPage,
  );
  app.get<{ Params: PageParams }>(
    '/tienda/:usuario/:subcategoria/productodetalle/:id',
    schema('Página de un producto'),
    answerPage,
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['paginas'],
        summary: 'Las páginas públicas de las tiendas',
        produces: ['application/xml'],
        response: { 200: z.string().describe('sitemap.xml (sitemaps.org)') },
      },
    },
    async (request, reply) => {
      const xml = await paginas.sitemap(originOf(request, config));
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(xml);
    },
  );
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['paginas'],
        summary: 'Qué pueden leer los buscadores',
        produces: ['text/plain'],
        response: { 200: z.string().describe('robots.txt') },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(robotsTxt(originOf(request, config))),
  );

  // Path URLs: every screen of the web app loads its index.html. Fastify's one not-found
  // handler belongs to the error handler (JSON for every method), so the web app's addresses
  // are a GET route of their own, registered only when there is a web app to load; anything
  // that is not a screen's address gets that same JSON 404.
  if (webTemplate) {
    const index = Buffer.from(webTemplate, 'utf8');
    const indexGz = gzipSync(index);
    app.get('/*', { schema: { hide: true, produces: HTML } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!isAppPath(pathname, request.headers.accept)) {
        throw new AppError('NO_ENCONTRADO', `No existe la ruta ${request.method} ${pathname}`);
      }
      void reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(index);
      return reply.header('content-encoding', 'gzip').send(indexGz);
    });
  }
  return paginas;
}
