import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInto, startTestServer, type TestServer } from './build-test-app.js';
import { shopperPayload } from './factories.js';

describe('the application shell', () => {
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = logInto(logLines);
    server = await startTestServer({
      logger: true,
      logStream,
      config: { logLevel: 'info', jwtSecret: 'x'.repeat(40) },
    });
  });
  afterAll(() => server.destroy());

  it('answers /health with the database it uses', async () => {
    const res = await server.call('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: server.database.dialect });
  });

  it('serves the OpenAPI document built from the route schemas at /docs', async () => {
    const res = await server.call<{ openapi: string; paths: Record<string, unknown> }>(
      '/docs/json',
    );
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/login/registerUser',
        '/api/login/authenticate',
        '/api/login/logout',
        '/api/login/listarlogin',
        '/api/recuperarcontrasena/emailderecuperacion',
        '/api/recuperarcontrasena/actualizarContrasena',
        '/api/restaurar/restaurarpassword',
        '/api/restaurar/cambiarcontrasena',
      ]),
    );
    const page = await server.call('/docs/');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<html');
  });

  it('answers an unknown API route with the error shape, in Spanish', async () => {
    const res = await server.call('/api/no-existe', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'NO_ENCONTRADO',
      message: 'No existe la ruta POST /api/no-existe',
    });
  });

  it('sends the same strict security headers on answers, errors and refusals', async () => {
    for (const res of [
      await server.call('/health'),
      await server.call('/api/no-existe', { body: {} }),
      await server.call('/api/login/listarlogin', { body: {} }),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const csp = Object.fromEntries(
        (res.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
          const [name, ...values] = directive.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(csp).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'script-src-attr': "'none'",
        'style-src': "'self'",
        'object-src': "'none'",
        'frame-ancestors': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
      });
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe');
    }
  });

  it('never writes passwords or tokens to the request log', async () => {
    const payload = shopperPayload({ password: 'ContraSecreta9' });
    await server.call('/api/login/registerUser', { body: payload });
    const signIn = await server.call<{ token: string }>('/api/login/authenticate', {
      body: { email: payload.email, password: 'ContraSecreta9' },
    });
    expect(signIn.status).toBe(200);
    await server.call('/api/login/listarlogin', { token: signIn.body.token, body: {} });
    await server.call(`/api/login/listarlogin?token=${signIn.body.token}`, { body: {} });
    const log = logLines.join('');
    expect(log).toContain('/api/login/authenticate');
    expect(log).not.toContain('ContraSecreta9');
    expect(log).not.toContain(signIn.body.token);
  });
});
