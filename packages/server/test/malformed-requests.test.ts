import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './build-test-app.js';
import { createShopper, createShopOwner, signInAdmin, TEST_ADMIN } from './factories.js';

interface Route {
  method: string;
  path: string;
}

const hostileBodies: [string, string, string?][] = [
  ['broken JSON', '{"email": '],
  ['a JSON string', '"hola"'],
  ['a JSON array', '[1,2,3]'],
  ['null', 'null'],
  [
    'wrong types',
    JSON.stringify({ email: 5, password: [], celular: { a: 1 }, id: 'x', price: {} }),
  ],
  [
    'SQL and script payloads',
    JSON.stringify({
      email: "a@b.com' OR 1=1 --",
      password: '<script>alert(1)</script>',
      celular: "1'; DROP TABLE account; --",
      usuario: 'x"; DELETE FROM tienda; --',
      tipousuario: 'no',
      title: "'; DROP TABLE categoria; --",
      name: '<img src=x onerror=alert(1)>',
      id: '1 OR 1=1',
      tiendaId: -1,
      productoId: 1e308,
      fecha: "2026-13-45'; --",
    }),
  ],
  [
    'numbers at the limits',
    '{"id": 9007199254740993, "tiendaId": -0, "price": 1e309, "productoId": 2.5, "activate": 1}',
  ],
  ['prototype pollution', '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'],
  ['a 2 MB body', JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) })],
  ['text/plain', 'hola', 'text/plain'],
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  [
    'huge unicode',
    JSON.stringify({ email: '🌮'.repeat(50_000) + '@x.com', title: '\u0000\uffff' }),
  ],
];

const hostileSegments = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  '%00',
  '..%2F..%2Fetc',
  '<script>',
];

/**
 * No malformed request may get a 5xx, and no answer may carry a stack trace. The routes come
 * from the OpenAPI document, so every new route is covered without touching this file.
 */
describe('malformed requests on every route', () => {
  let server: TestServer;
  let routes: Route[];
  let callers: [string, string | undefined][];

  beforeAll(async () => {
    server = await startTestServer({ config: TEST_ADMIN });
    const doc = await server.call<{ paths: Record<string, Record<string, unknown>> }>('/docs/json');
    routes = Object.entries(doc.body.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })),
    );
    callers = [
      ['anonymous', undefined],
      ['shopper', (await createShopper(server)).token],
      ['owner', (await createShopOwner(server)).token],
      ['admin', await signInAdmin(server)],
    ];
  });
  afterAll(() => server.destroy());

  function expand(route: Route): string[] {
    if (!route.path.includes('{')) return [route.path];
    return hostileSegments.map((s) => route.path.replace(/\{[^}]+\}/g, s));
  }

  function problemsOf(res: { status: number; body: unknown }, label: string): string[] {
    const problems: string[] = [];
    if (res.status >= 500) problems.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
    const text = JSON.stringify(res.body ?? '');
    if (/at \S+ \(|node_modules|\.ts:\d+|\.js:\d+/.test(text)) problems.push(`${label}: stack`);
    if (res.status >= 400) {
      const body = res.body as Record<string, unknown>;
      const keys = Object.keys(body ?? {});
      if (typeof body?.code !== 'string' || typeof body?.message !== 'string') {
        problems.push(`${label}: body ${text.slice(0, 200)}`);
      } else if (!keys.every((k) => ['code', 'message', 'errors'].includes(k))) {
        problems.push(`${label}: extra keys ${keys.join(',')}`);
      }
    }
    return problems;
  }

  it('covers every API route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it.each(hostileBodies)('%s: never a 5xx nor a stack trace', async (_name, rawBody, type) => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.method === 'POST')) {
      for (const urlPath of expand(route).slice(0, 2)) {
        for (const [who, token] of callers) {
          const res = await server.call(urlPath, {
            rawBody,
            token,
            headers: { 'content-type': type ?? 'application/json' },
          });
          problems.push(...problemsOf(res, `${who} POST ${urlPath}`));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('hostile path segments: never a 5xx nor a stack trace', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      for (const urlPath of expand(route)) {
        for (const [who, token] of callers) {
          const res = await server.call(urlPath, {
            method: route.method,
            token,
            ...(route.method === 'POST' && { body: {} }),
          });
          problems.push(...problemsOf(res, `${who} ${route.method} ${urlPath}`));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    [
      'a 2 MB body with 413 DEMASIADO_GRANDE',
      '/api/login/registerUser',
      JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
      413,
      { code: 'DEMASIADO_GRANDE', message: 'La petición es demasiado grande' },
    ],
    [
      'broken JSON with 400 VALIDACION in Spanish',
      '/api/login/authenticate',
      '{"email": ',
      400,
      { code: 'VALIDACION', message: 'El cuerpo de la petición no es un JSON válido' },
    ],
  ])('answers %s', async (_what, path, rawBody, status, body) => {
    const res = await server.call(path, {
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it('still has its tables after the SQL payloads', async () => {
    for (const table of ['account', 'tienda', 'categoria', 'producto'] as const) {
      const row = await server.app.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBeGreaterThanOrEqual(0);
    }
  });
});
