import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './build-test-app.js';

// The API's contract is its schemas (docs/api.md): every route the server registers declares
// the shape of its success answer (JSON, from packages/domain), or, when it answers something
// else (HTML pages, images, sitemap.xml), the content type it produces; and /docs shows that
// shape for every route it lists.

/**
 * Routes not yet declaring their answer, by `METHOD /path`. Each entry leaves this list when its
 * route gets its schema; the test fails if a listed route already has one, so the list only
 * shrinks.
 */
const PENDING: readonly string[] = [];

/** swagger-ui's own pages: the description's viewer, not part of the API. */
const DOCS_VIEWER = /^\/docs(\/|$)/;

interface RouteSchema {
  hide?: boolean;
  produces?: string[];
  response?: Record<string, unknown>;
}

interface Described {
  key: string;
  url: string;
  method: string;
  schema: RouteSchema;
}

/** The web app's built files, each a route of @fastify/static: files, not API answers. */
function isWebFile(url: string): boolean {
  // A folder's address (`/`) serves its index.html.
  const file = path.join(server.config.webDistDir, url.endsWith('/') ? `${url}index.html` : url);
  return (
    file.startsWith(server.config.webDistDir) &&
    fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true
  );
}

function describedRoutes(routes: readonly RouteOptions[]): Described[] {
  const byKey = new Map<string, Described>();
  for (const route of routes) {
    if (DOCS_VIEWER.test(route.url) || isWebFile(route.url)) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      byKey.set(key, { key, url: route.url, method, schema: (route.schema ?? {}) as RouteSchema });
    }
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

const isSuccess = (status: string) => /^2\d\d$|^2XX$/i.test(status);

/** Whether a route answers JSON: it names no other content type. */
function answersJson(schema: RouteSchema): boolean {
  return schema.produces === undefined || schema.produces.some((type) => type.includes('json'));
}

/** What is wrong with a route's declaration, or undefined when it declares its answer. */
function missingDeclaration(route: Described): string | undefined {
  const { schema } = route;
  if (answersJson(schema)) {
    const declared = Object.keys(schema.response ?? {}).some(isSuccess);
    return declared ? undefined : 'sin esquema de respuesta para su estado de éxito';
  }
  return schema.produces!.length > 0 ? undefined : 'sin tipo de contenido';
}

let server: TestServer;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  server = await startTestServer({ onRoute: (route) => routes.push(route) });
});
afterAll(async () => server.destroy());

describe('the API contract', () => {
  it('every route declares its success answer (or its content type), but the pending ones', () => {
    const all = describedRoutes(routes);
    expect(all.length).toBeGreaterThan(50);
    const missing = all.flatMap((route) => {
      const problem = missingDeclaration(route);
      return problem === undefined ? [] : [route.key];
    });
    expect(missing.filter((key) => !PENDING.includes(key))).toEqual([]);
  });

  it('the pending list names only routes that exist and still lack their schema', () => {
    const all = new Map(describedRoutes(routes).map((route) => [route.key, route]));
    const stale = PENDING.filter((key) => {
      const route = all.get(key);
      return route === undefined || missingDeclaration(route) === undefined;
    });
    expect(stale).toEqual([]);
  });

  it('/docs shows a success answer with its shape for every route it lists', async () => {
    const response = await server.call<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>('/docs/json');
    expect(response.status).toBe(200);
    const listed = describedRoutes(routes).filter((route) => route.schema.hide !== true);
    const shapeless = listed.flatMap((route) => {
      if (PENDING.includes(route.key)) return [];
      // OpenAPI writes /tienda/{usuario} where Fastify writes /tienda/:usuario.
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = response.body.paths[openApiPath]?.[route.method.toLowerCase()];
      const success = Object.entries(operation?.responses ?? {}).find(([status]) =>
        isSuccess(status),
      )?.[1] as { content?: Record<string, { schema?: unknown }> } | undefined;
      const shapes = Object.values(success?.content ?? {}).filter((media) => media.schema);
      return shapes.length > 0 ? [] : [route.key];
    });
    expect(shapeless).toEqual([]);
  });

  it('/docs shows the wire shape of a shop as packages/domain writes it', async () => {
    const response = await server.call<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>('/docs/json');
    const ok = response.body.paths['/api/tienda/mitienda']!.get!.responses['200'] as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    const fields = Object.keys(ok.content['application/json']!.schema.properties);
    expect(fields).toEqual(
      expect.arrayContaining(['tiendaId', 'usuario', 'pagos', 'pausadoHasta', 'categorias']),
    );
  });
});
