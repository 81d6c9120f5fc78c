import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './build-test-app.js';

/** No malformed request may get a 5xx, and no answer may carry a stack trace. */
describe('malformed requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.destroy());

  const routes = [
    '/api/login/registerUser',
    '/api/login/authenticate',
    '/api/login/logout',
    '/api/login/listarlogin',
    '/api/recuperarcontrasena/emailderecuperacion',
    '/api/recuperarcontrasena/actualizarContrasena',
    '/api/restaurar/restaurarpassword',
    '/api/restaurar/cambiarcontrasena',
  ];

  const bodies: [string, { rawBody: string; headers?: Record<string, string> }][] = [
    ['broken JSON', { rawBody: '{"email": ' }],
    ['a JSON string', { rawBody: '"hola"' }],
    ['a JSON array', { rawBody: '[1,2,3]' }],
    ['null', { rawBody: 'null' }],
    ['wrong types', { rawBody: JSON.stringify({ email: 5, password: [], celular: { a: 1 } }) }],
    [
      'SQL and script payloads',
      {
        rawBody: JSON.stringify({
          email: "a@b.com' OR 1=1 --",
          password: '<script>alert(1)</script>',
          celular: "1'; DROP TABLE account; --",
          usuario: 'x"; DELETE FROM tienda; --',
          tipousuario: 'no',
          secret: "' OR ''='",
          newPassword: 'Aa1'.repeat(5),
          codigo: '000000',
        }),
      },
    ],
    ['prototype pollution', { rawBody: '{"__proto__": {"admin": true}, "email": "a@b.com"}' }],
    ['a 2 MB body', { rawBody: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }) }],
    ['text/plain', { rawBody: 'hola', headers: { 'content-type': 'text/plain' } }],
    ['huge unicode', { rawBody: JSON.stringify({ email: '🌮'.repeat(50_000) + '@x.com' }) }],
  ];

  const cases = routes.flatMap((route) => bodies.map(([name, b]) => [route, name, b] as const));

  it.each(cases)('%s with %s: a 4xx with {code, message}', async (route, _name, b) => {
    const res = await server.call(route, {
      rawBody: b.rawBody,
      headers: { 'content-type': 'application/json', ...b.headers },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = res.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    expect(Object.keys(body).every((k) => ['code', 'message', 'errors'].includes(k))).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/at \S+ \(|node_modules|\.ts:\d+/);
    expect(typeof body.message).toBe('string');
  });

  it('answers a 2 MB body with 413 DEMASIADO_GRANDE', async () => {
    const res = await server.call('/api/login/registerUser', {
      rawBody: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'DEMASIADO_GRANDE',
      message: 'La petición es demasiado grande',
    });
  });

  it('answers broken JSON with 400 VALIDACION in Spanish', async () => {
    const res = await server.call('/api/login/authenticate', {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDACION',
      message: 'El cuerpo de la petición no es un JSON válido',
    });
  });

  it('still has its tables after the SQL payloads', async () => {
    const res = await server.call('/health');
    expect(res.status).toBe(200);
    const count = await server.app.database.db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(0);
  });
});
