import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, codigoDeRespuesta, createApiClient, SIN_CONEXION } from './api-client';

/** A real HTTP server on loopback that answers what each path asks for. */
describe('createApiClient', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: { auth?: string; body?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        const send = (status: number, text: string) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(text);
        };
        if (req.url === '/ok') send(200, JSON.stringify({ token: 'x' }));
        else if (req.url === '/pedido') {
          res.writeHead(200, { 'content-type': 'application/json', 'x-pedido-id': '42' });
          res.end('[]');
        } else if (req.url === '/refused')
          send(
            400,
            JSON.stringify({ code: 'MONTO_MINIMO', message: 'El monto para poder comprar' }),
          );
        else if (req.url === '/unknown-code')
          send(409, JSON.stringify({ code: 'FST_ERR_ALGO', message: 'Algo falló' }));
        else if (req.url === '/expired')
          send(401, JSON.stringify({ code: 'NO_AUTENTICADO', message: 'Inicia sesión' }));
        else send(502, '<html>proxy</html>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends JSON with the bearer token and answers the parsed body', async () => {
    const request = createApiClient({ baseUrl, getToken: () => 'abc' });
    expect(await request('/ok', { body: { tiendaId: 3 } })).toEqual({ token: 'x' });
    expect(seen.at(-1)).toEqual({ auth: 'Bearer abc', body: '{"tiendaId":3}' });
  });

  it('lets the caller read a header of the answer', async () => {
    const request = createApiClient({ baseUrl });
    let pedidoId: string | null = null;
    const body = await request('/pedido', {
      body: { tiendaId: 3 },
      onResponse: (response) => (pedidoId = response.headers.get('x-pedido-id')),
    });
    expect(body).toEqual([]);
    expect(pedidoId).toBe('42');
  });

  it("turns a refusal into an ApiError with the server's Spanish message", async () => {
    const request = createApiClient({ baseUrl });
    await expect(request('/refused', { body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'MONTO_MINIMO',
      message: 'El monto para poder comprar',
    });
  });

  it("keeps the server's message and code for a code this app does not know", async () => {
    const request = createApiClient({ baseUrl });
    await expect(request('/unknown-code')).rejects.toMatchObject({
      status: 409,
      code: 'FST_ERR_ALGO',
      message: 'Algo falló',
    });
  });

  it('reports a 401 with a token as the end of the session', async () => {
    let ended = 0;
    const request = createApiClient({
      baseUrl,
      getToken: () => 't',
      onUnauthorized: () => ended++,
    });
    await expect(request('/expired')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(1);
  });

  it('explains a non-JSON answer and a dead server in Spanish', async () => {
    const request = createApiClient({ baseUrl });
    await expect(request('/proxy')).rejects.toMatchObject({
      status: 502,
      code: 'RESPUESTA_INVALIDA',
    });
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(offline('/ok')).rejects.toMatchObject({
      code: 'SIN_CONEXION',
      message: SIN_CONEXION,
    });
  });
});

describe('codigoDeRespuesta', () => {
  it('answers the code a refusal carries, and ERROR when it carries none', () => {
    expect(codigoDeRespuesta('PRECIO_CAMBIO')).toBe('PRECIO_CAMBIO');
    expect(codigoDeRespuesta('TIEMPO_AGOTADO')).toBe('TIEMPO_AGOTADO');
    expect(codigoDeRespuesta('')).toBe('ERROR');
    expect(codigoDeRespuesta(undefined)).toBe('ERROR');
    expect(codigoDeRespuesta(409)).toBe('ERROR');
  });
});
