import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logInto, useTestServer } from '../../test/build-test-app.js';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLoggerFactory, loggerOptions, redactUrl } from './logging.js';

// docs/reliability.md, "Limits": secrets sent every way a client can send them never reach the log.

/** A fresh, greppable secret. */
const secret = (label: string) => `S3CR3T${label}${randomBytes(6).toString('hex')}`;

describe('the server log holds no secret, however it was sent', () => {
  const logLines: string[] = [];
  const sent: string[] = [];
  const { server } = useTestServer({
    logger: true,
    logStream: logInto(logLines),
    config: { logLevel: 'trace' },
  });

  const keep = (label: string) => {
    const value = secret(label);
    sent.push(value);
    return value;
  };

  it('in the query, under plain, mixed-case and percent-encoded names', async () => {
    const names = [
      'token',
      'TOKEN',
      'ToKeN',
      '%74oken',
      '%74%6F%6B%65%6E',
      '%54%4f%4b%45%4e',
      'tok%65n',
      'tok%2565n',
      'secret',
      '%73ecret',
      'SeCrEt',
      'password',
      'newPassword',
      'pass%77ord',
      'codigo',
      'c%6Fdigo',
      'seguimiento',
      'access_token',
      'x%5Btoken%5D',
      'tok%65n%',
    ];
    for (const name of names) {
      const value = keep(name.replace(/[^a-z]/gi, ''));
      for (const path of [
        `/api/tienda/listartiendas?${name}=${value}`,
        `/api/tienda/listartiendas?a=1&${name}=${value}&b=2`,
        `/no/existe?${name}=${value}`,
        `/api/recuperarcontrasena/emailderecuperacion?email=a%40b.mx&${name}=${value}`,
      ]) {
        await server.call(path, { method: path.includes('recuperar') ? 'POST' : 'GET' });
      }
    }
  });

  it('in a fragment, and in the tracking path, encoded or not', async () => {
    await server.call(`/api/tienda/listartiendas#token=${keep('frag')}`);
    for (const segment of ['seguimiento', '%73eguimiento', 'SEGUIMIENTO', 'seguimient%6F']) {
      await server.call(`/api/pedido/${segment}/${keep('seg')}`);
      await server.call(`/api/pedido/${segment}/${keep('seg')}/eventos`);
    }
  });

  it('in headers', async () => {
    await server.call('/api/login/logout', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${keep('auth')}`,
        Authorization: `Bearer ${keep('Auth')}`,
        cookie: `session=${keep('cookie')}`,
        'x-api-key': keep('apikey'),
        'idempotency-key': keep('idem'),
      },
    });
    await server.call('/api/tienda/listartiendas', {
      headers: { AUTHORIZATION: `Bearer ${keep('AUTH')}` },
    });
  });

  it('in bodies, valid or not', async () => {
    await server.call('/api/login/authenticate', {
      body: { email: 'ana@correo.com', password: keep('pw') },
    });
    await server.call('/api/restaurar/cambiarcontrasena', {
      body: { celular: '5512345678', password: keep('pw2'), codigo: keep('cod') },
    });
    await server.call('/api/recuperarcontrasena/actualizarContrasena', {
      body: { newPassword: keep('npw'), secret: keep('sec') },
    });
    await server.call('/api/login/logout', { body: { token: keep('tok') } });
    // Malformed JSON and wrong types are logged as errors: still without their content.
    await server.call('/api/login/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      rawBody: `{"email": "a@b.mx", "password": "${keep('raw')}"`,
    });
    await server.call('/api/login/authenticate', {
      body: { email: keep('mail'), password: { token: keep('nested') } },
    });
  });

  it('none of them is in the log, which did record the requests', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logLines.join('')).toContain('listartiendas');
    expect(logLines.join('')).toContain('[oculto]');
    const leaked = sent.filter((value) => logLines.join('').includes(value));
    expect(leaked).toEqual([]);
    // Nor their pieces, should a name have been decoded and the value kept.
    expect(logLines.join('')).not.toMatch(/S3CR3T/);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/x?%74oken=abc', '/api/x?%74oken=[oculto]'],
    ['/api/x?a=1&TOKEN=abc&b=2', '/api/x?a=1&TOKEN=[oculto]&b=2'],
    ['/api/pedido/seguimiento/abc', '/api/pedido/seguimiento/[oculto]'],
    ['/api/pedido/%73eguimiento/abc/eventos', '/api/pedido/%73eguimiento/[oculto]/eventos'],
    ['/api/tienda/listartiendas', '/api/tienda/listartiendas'],
    ['/api/x?q=tacos&page=2', '/api/x?q=tacos&page=2'],
    ['/api/x#token=abc', '/api/x#[oculto]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("a request's logger (made only when it writes)", () => {
  function rootLogger(level: string) {
    const lines: Record<string, unknown>[] = [];
    const options = loggerOptions(level) as pino.LoggerOptions;
    const root = pino(options, {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    }) as unknown as FastifyBaseLogger;
    return { root, lines };
  }

  it('writes nothing below its level, and lines at it with the request id, redacted', () => {
    const { root, lines } = rootLogger('warn');
    const log = lazyChildLoggerFactory(root, { reqId: 'r-1' }, {});
    expect(log.level).toBe('warn');
    log.info('no');
    log.debug({ a: 1 }, 'no');
    expect(lines).toEqual([]);
    log.warn({ datos: { token: 'S3CR3T' } }, 'sí');
    log.error(new Error('falló'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: 'r-1', msg: 'sí', level: 40 });
    expect(JSON.stringify(lines[0])).not.toContain('S3CR3T');
    expect(JSON.stringify(lines[0])).toContain('[oculto]');
    expect(lines[1]).toMatchObject({ reqId: 'r-1', level: 50, err: { message: 'falló' } });
  });

  it("takes a route's own level, and its children keep the request id", () => {
    const { root, lines } = rootLogger('warn');
    const log = lazyChildLoggerFactory(root, { reqId: 'r-2' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.trace('no');
    log.debug('sí');
    log.child({ parte: 'x' }).info('también');
    expect(lines.map((l) => [l.reqId, l.msg, l.parte])).toEqual([
      ['r-2', 'sí', undefined],
      ['r-2', 'también', 'x'],
    ]);
    log.level = 'error';
    log.warn('ya no');
    expect(lines).toHaveLength(2);
  });
});
