import http from 'node:http';
import type { TestServer } from './build-test-app.js';

/**
 * Raw HTTP from a client address of the test's choosing, for the per-address limits
 * (docs/reliability.md, "Limits"). Every 127.x.x.x address reaches the server over loopback,
 * and the server sees it as the socket address, so no proxy header is needed (nor believed).
 */

export interface AddressedAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  body: any;
  headers: http.IncomingHttpHeaders;
}

let hosts = 0;

/**
 * A loopback address no earlier caller in this test file got (127.0.1.1, 127.0.1.2, …), so the
 * counters of one test never spill into another's while they share one server. Never
 * 127.0.0.1, where `server.call` speaks from.
 */
export function newAddress(): string {
  const n = hosts;
  hosts += 1;
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/** A POST from `from`: `body` as JSON when given (the email reset sends its query only). */
export function callFrom(
  server: Pick<TestServer, 'baseUrl'>,
  from: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<AddressedAnswer> {
  const url = new URL(path, server.baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            // Not JSON: keep the text.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
