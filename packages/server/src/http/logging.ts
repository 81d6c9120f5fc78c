import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|secret|codigo|password)=)[^&#]*/gi;
/** A guest's tracking secret is a path segment: the order's only key. */
const SECRET_PATH = /(\/api\/pedido\/seguimiento\/)[^/?#]*/gi;

/**
 * Request logs name the route, never a token, secret, password (they may ride in a query) or
 * tracking secret (a path segment).
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[oculto]').replace(SECRET_PATH, '$1[oculto]');
}

export function loggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.newPassword',
        'req.body.token',
        'req.body.secret',
        'req.body.codigo',
      ],
      censor: '[oculto]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
