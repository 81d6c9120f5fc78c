import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, worked out once. The policy is the same for every answer, and
 * @fastify/helmet rebuilt it on each request (parsing the CSP directives anew), a few percent of
 * the server's time on a cached public read (decision 0010).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Every answer (API, web app, images, errors) carries the same security headers. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  // Through Fastify's reply (setting them one by one on the raw response cost a quarter of a
  // cached read's rate); an answer written by hand after `reply.hijack()` must send
  // `reply.getHeaders()` itself (pedido-stream.routes.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
