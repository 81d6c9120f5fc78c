import http from 'node:http';
import zlib from 'node:zlib';
import { stringsIn } from './fuzz-arbitraries.js';

// The route fuzzer's HTTP side (fuzz.test.ts): raw requests (no URL normalisation, so
// `..` segments and odd percent-escapes reach the server as written) and the checks every
// answer must pass.

export interface FuzzRequest {
  method: string;
  /** Already percent-encoded, sent as is. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body when it is JSON. */
  json?: unknown;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Closes the client's idle sockets (the server can then stop without waiting for them). */
export function closeFuzzClient(): void {
  agent.destroy();
}

/**
 * One request. A live event stream (SSE) is answered as soon as its head arrives, with an
 * empty text, and closed. A request the server never answers fails after `timeoutMs`.
 */
export async function send(
  port: number,
  request: FuzzRequest,
  timeoutMs = 15_000,
): Promise<FuzzResponse> {
  try {
    return await sendOnce(port, request, timeoutMs);
  } catch (error) {
    // A kept-alive socket the server closed meanwhile (after a 4xx with `connection: close`):
    // the request never reached it, so it is sent again on a new socket (Node's advice).
    if ((error as { reusedSocket?: boolean }).reusedSocket) {
      return sendOnce(port, request, timeoutMs);
    }
    throw error;
  }
}

function sendOnce(port: number, request: FuzzRequest, timeoutMs: number): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const req = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        if (contentType.startsWith('text/event-stream')) {
          clearTimeout(timer);
          res.destroy();
          resolve({ status: res.statusCode ?? 0, contentType, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          const text = decode(Buffer.concat(chunks), String(res.headers['content-encoding'] ?? ''));
          let json: unknown;
          if (/json/.test(contentType) && text !== '') {
            try {
              json = JSON.parse(text);
            } catch {
              // Checked by problemsOf: a JSON type with a body that isn't JSON.
            }
          }
          resolve({ status: res.statusCode ?? 0, contentType, text, json });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`sin respuesta en ${timeoutMs} ms: ${request.method} ${request.path}`));
    }, timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      const code = (error as { code?: string }).code;
      if (req.reusedSocket && (code === 'ECONNRESET' || error.message === 'socket hang up')) {
        Object.assign(error, { reusedSocket: true });
      }
      reject(error);
    }
    req.on('error', fail);
    req.end(request.body);
  });
}

/** The body as text, uncompressed (the fuzzer sends odd Accept-Encoding headers). */
function decode(body: Buffer, encoding: string): string {
  const zstd = (zlib as { zstdDecompressSync?: (b: Buffer) => Buffer }).zstdDecompressSync;
  const inflate: Record<string, ((b: Buffer) => Buffer) | undefined> = {
    gzip: zlib.gunzipSync,
    deflate: zlib.inflateSync,
    br: zlib.brotliDecompressSync,
    zstd,
  };
  const name = encoding.trim().toLowerCase();
  if (name === '' || name === 'identity' || body.length === 0) return body.toString('utf8');
  const unpack = inflate[name];
  if (!unpack) throw new Error(`content-encoding desconocido: ${encoding}`);
  return unpack(body).toString('utf8');
}

/** Texts that only reach a client through a leaked stack, file path or database error. */
export const LEAK_PATTERNS: RegExp[] = [
  /\bat (?:async )?\S+ \(.+:\d+:\d+\)/,
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\/work\//,
  /\/tmp\//,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\b(?:[A-Z][a-z]+)*Error: /,
  /\bERR_[A-Z_]{3,}/,
  /\bFST_[A-Z_]{3,}/,
  /SQLITE_/,
  /syntax error/i,
  /violates/i,
  /duplicate key/i,
  /invalid input (?:syntax|value)/i,
  /out of range for type/i,
  /value too long/i,
  /no such (?:table|column)/i,
  /(?:UNIQUE|NOT NULL|FOREIGN KEY|CHECK) constraint/i,
  /(?:relation|column) "\w+"/i,
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b/i,
  /\bstack\b/i,
];

const CODE = /^[A-Z][A-Z0-9_]*$/;

/** the one deliberate 5xx of docs/api.md, "Errors". */
function isDeliberate5xx(url: string, response: FuzzResponse): boolean {
  const body = response.json as { code?: unknown } | undefined;
  return (
    url === '/api/login/registerUser' &&
    response.status === 500 &&
    body?.code === 'CELULAR_EXISTENTE'
  );
}

/**
 * The shop pages (docs/shop-pages.md) are HTML for people: an unknown shop, category or
 * product is a 404 page in Spanish, not the API's JSON.
 */
function isPageNotFound(url: string, response: FuzzResponse): boolean {
  return (
    url.startsWith('/tienda/') &&
    response.status === 404 &&
    /^text\/html/.test(response.contentType)
  );
}

/**
 * What is wrong with an answer: a 5xx other than the deliberate one, an error without the
 * `{code, message}` shape, or a text that reads like a stack trace, a server path or a database
 * error. A match that some client sent before (`isEcho`: stored input answered back) is no leak.
 */
export function problemsOf(
  method: string,
  url: string,
  response: FuzzResponse,
  isEcho: (fragment: string) => boolean,
): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500 && !isDeliberate5xx(url, response)) {
    problems.push(`status ${status}: ${response.text.slice(0, 300)}`);
  }
  if (status >= 400 && method !== 'HEAD' && !isPageNotFound(url, response)) {
    const body = response.json as Record<string, unknown> | undefined;
    const keys = body && typeof body === 'object' ? Object.keys(body) : [];
    if (!/^application\/json/.test(response.contentType)) {
      problems.push(`error answered as '${response.contentType}': ${response.text.slice(0, 200)}`);
    } else if (!body || typeof body !== 'object' || Array.isArray(body)) {
      problems.push(`error body is not an object: ${response.text.slice(0, 200)}`);
    } else if (typeof body.code !== 'string' || !CODE.test(body.code)) {
      problems.push(`error without an UPPER_SNAKE code: ${response.text.slice(0, 200)}`);
    } else if (typeof body.message !== 'string' || body.message === '') {
      problems.push(`error without a message: ${response.text.slice(0, 200)}`);
    } else if (!keys.every((k) => ['code', 'message', 'errors'].includes(k))) {
      problems.push(`error with extra keys ${keys.join(', ')}`);
    } else if (
      body.errors !== undefined &&
      !(
        Array.isArray(body.errors) &&
        body.errors.every(
          (e: unknown) =>
            !!e &&
            typeof (e as { field?: unknown }).field === 'string' &&
            typeof (e as { message?: unknown }).message === 'string',
        )
      )
    ) {
      problems.push(`errors is not [{field, message}]: ${response.text.slice(0, 200)}`);
    }
  }
  // Error answers always; successful ones when they are JSON (the docs page and static files
  // are the libraries' own texts).
  const texts =
    response.json !== undefined
      ? stringsIn(response.json, { numbers: false, maxDepth: 200 })
      : status >= 400
        ? [response.text]
        : [];
  if (/json/.test(response.contentType) && response.text !== '' && response.json === undefined) {
    problems.push(`JSON type, body not JSON: ${response.text.slice(0, 200)}`);
  }
  for (const text of texts) {
    for (const pattern of LEAK_PATTERNS) {
      const match = pattern.exec(text);
      if (!match) continue;
      if (isEcho(match[0])) continue;
      problems.push(`leak ${pattern}: ${JSON.stringify(text.slice(0, 300))}`);
    }
  }
  return problems;
}
