import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|secret|codigo|password)=)[^&#]*/gi;

/** Request logs name the route, never a token, secret or password (they may ride in a query). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[oculto]');
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
