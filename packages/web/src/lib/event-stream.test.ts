import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream';

/** A real SSE server on loopback; each test says what the next connections answer. */
let server: http.Server;
let baseUrl: string;
const requests: { url: string; auth?: string; lastEventId?: string }[] = [];
let answers: ((res: http.ServerResponse) => void)[] = [];
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({
      url: req.url ?? '',
      auth: req.headers.authorization,
      lastEventId: req.headers['last-event-id'] as string | undefined,
    });
    const answer = answers.shift();
    if (!answer) {
      res.writeHead(503).end();
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const res of open) res.destroy();
  requests.length = 0;
  answers = [];
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const stream =
  (...chunks: string[]) =>
  (res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const chunk of chunks) res.write(chunk);
  };

function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error('no llegó a tiempo'));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

describe('openEventStream', () => {
  it('sends the token in the Authorization header, never in the URL, and reads named events', async () => {
    answers.push(
      stream(
        ': latido\n\n',
        'id: 7\nevent: pedido\ndata: {"a":1}\n\n',
        // CRLF split across chunks, a multi-line data field, an unnamed event.
        'id: 8\r',
        '\nevent: pedido\r\ndata: uno\r\ndata: dos\r\n\r\n',
        'data: sin nombre\n\n',
      ),
    );
    const events: [string, string, string | undefined][] = [];
    let opened = 0;
    const close = openEventStream(
      `${baseUrl}/api/pedido/eventos`,
      { token: 'secreto.jwt' },
      { onOpen: () => opened++, onEvent: (...e) => events.push(e) },
    );
    await until(() => events.length === 3);
    close();
    expect(opened).toBe(1);
    expect(requests[0]).toEqual({
      url: '/api/pedido/eventos',
      auth: 'Bearer secreto.jwt',
      lastEventId: undefined,
    });
    expect(events).toEqual([
      ['pedido', '{"a":1}', '7'],
      ['pedido', 'uno\ndos', '8'],
      ['message', 'sin nombre', '8'],
    ]);
  });

  it('after a drop, reconnects with the last id so the server replays what was missed', async () => {
    answers.push((res) => {
      stream('id: 41\nevent: pedido\ndata: x\n\n')(res);
      setTimeout(() => res.end(), 20);
    });
    answers.push(stream('id: 42\nevent: pedido\ndata: y\n\n'));
    const ids: (string | undefined)[] = [];
    let errors = 0;
    let opened = 0;
    const close = openEventStream(
      `${baseUrl}/s`,
      { token: 't', retryMs: 10 },
      { onOpen: () => opened++, onError: () => errors++, onEvent: (_t, _d, id) => ids.push(id) },
    );
    await until(() => ids.length === 2);
    close();
    expect(ids).toEqual(['41', '42']);
    expect(opened).toBe(2);
    expect(errors).toBe(1);
    expect(requests.map((r) => r.lastEventId)).toEqual([undefined, '41']);
  });

  it('keeps trying, more slowly each time, while the server refuses; close() stops it', async () => {
    answers.push((res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{}'));
    answers.push((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    answers.push(stream('event: pedido\ndata: z\n\n'));
    const data: string[] = [];
    let errors = 0;
    const close = openEventStream(
      `${baseUrl}/s`,
      { token: 't', retryMs: 10 },
      { onError: () => errors++, onEvent: (_t, d) => data.push(d) },
    );
    await until(() => data.length === 1);
    expect(errors).toBe(2);
    close();
    const seen = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.length).toBe(seen);
  });
});
