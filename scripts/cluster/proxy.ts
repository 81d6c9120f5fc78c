/**
 * The small load balancer of `npm run cluster` (docs/operations.md, "Three instances on one
 * machine"): node:http, one request to each healthy instance in turn, bodies streamed both ways
 * and never buffered (live order streams pass through as they are written). It plays the part
 * nginx plays in compose.yaml (deploy/nginx.conf), reduced to what a local try-out needs:
 *
 * - an instance is used while its `GET /ready` answers 200 (asked every second), and dropped at
 *   once when it refuses a connection; a GET or HEAD refused that way goes to the next instance;
 * - `/metrics` stays out (every visitor would reach the servers from loopback, which the
 *   servers let read metrics: docs/reliability.md, "Metrics");
 * - X-Forwarded-For carries the visitor's address, which the instances believe because they run
 *   with TRUST_PROXY=127.0.0.1, so rate limits count each visitor apart.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Headers that belong to one connection, not to the request or answer (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

export interface Upstream {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** `GET /ready` answered 200 the last time it was asked. */
  healthy: boolean;
  /** Requests this instance was given. */
  served: number;
}

export interface RoundRobinProxy {
  port: number;
  upstreams: Upstream[];
  /** Asks every instance's /ready now (also done every second). */
  refresh(): Promise<void>;
  /** Stops listening and ends every open connection, live streams included. */
  close(): Promise<void>;
}

function sendJson(res: http.ServerResponse, status: number, code: string, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code, message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

export async function startRoundRobinProxy(options: {
  /** 0: a free one. */
  port: number;
  host?: string;
  upstreams: string[];
  readyEveryMs?: number;
}): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = options.upstreams.map((base) => ({
    base,
    healthy: false,
    served: 0,
  }));
  // Keep-alive to the instances: the proxy is a long-lived client of three servers.
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;

  const pick = (skip: Set<Upstream>): Upstream | undefined => {
    for (let i = 0; i < upstreams.length; i += 1) {
      const candidate = upstreams[(next + i) % upstreams.length]!;
      if (candidate.healthy && !skip.has(candidate)) {
        next = (next + i + 1) % upstreams.length;
        return candidate;
      }
    }
    return undefined;
  };

  const refreshOne = async (upstream: Upstream) => {
    try {
      const res = await fetch(`${upstream.base}/ready`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      upstream.healthy = res.status === 200;
    } catch {
      upstream.healthy = false;
    }
  };
  const refresh = async () => {
    await Promise.all(upstreams.map(refreshOne));
  };

  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    hasBody: boolean,
    tried: Set<Upstream>,
  ): void => {
    const upstream = pick(tried);
    if (!upstream) {
      sendJson(
        res,
        503,
        'SERVICIO_NO_DISPONIBLE',
        'Ninguna instancia está lista todavía. Inténtalo de nuevo en unos segundos.',
      );
      return;
    }
    tried.add(upstream);
    upstream.served += 1;
    const headers = endToEnd(req.headers);
    const client = req.socket.remoteAddress ?? '';
    const before = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    const target = new URL(req.url ?? '/', upstream.base);
    const upstreamReq = http.request(target, { method: req.method, headers, agent });
    let answered = false;

    upstreamReq.on('response', (upstreamRes) => {
      answered = true;
      res.writeHead(upstreamRes.statusCode ?? 502, endToEnd(upstreamRes.headers));
      // Headers out now: a live stream's client knows it is connected before the first event.
      res.flushHeaders();
      upstreamRes.pipe(res);
      // An instance that stops mid-answer (a shutdown ending its live streams): the visitor's
      // answer ends the same way, so the web app reconnects to another instance.
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.on('close', () => {
        if (!upstreamRes.complete) res.destroy();
      });
    });
    upstreamReq.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) {
        res.destroy();
        return;
      }
      if (error.code === 'ECONNREFUSED') {
        upstream.healthy = false;
        // Nothing was sent, so a read without a body can go to the next instance.
        if ((req.method === 'GET' || req.method === 'HEAD') && !hasBody) {
          forward(req, res, hasBody, tried);
          return;
        }
      }
      sendJson(
        res,
        502,
        'INSTANCIA_NO_RESPONDE',
        'La instancia que atendía esta petición no respondió. Inténtalo de nuevo.',
      );
    });
    // The visitor went away (a closed tab ends its live stream): so does the request upstream.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    if (hasBody) req.pipe(upstreamReq);
    else upstreamReq.end();
  };

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (pathname === '/metrics' || pathname.startsWith('/metrics/')) {
      sendJson(res, 404, 'NO_ENCONTRADO', `No existe la ruta ${req.method} ${pathname}`);
      return;
    }
    const length = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    // A request without a body goes on from its head alone: its (empty) body is read away here.
    if (!hasBody) req.resume();
    forward(req, res, hasBody, new Set());
  });
  // No WebSockets in Tianguis: an upgrade request is not something to pass on.
  server.on('upgrade', (_req, socket: Socket) => socket.destroy());

  await refresh();
  const timer = setInterval(() => void refresh(), options.readyEveryMs ?? 1_000);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    upstreams,
    refresh,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
