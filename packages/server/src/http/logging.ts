import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

const HIDDEN = '[oculto]';

/** A query parameter whose name holds one of these (after decoding, any case) is hidden. */
const SECRET_NAME = /token|secret|password|passwd|codigo|seguimiento|authorization|cookie|clave/i;

/** A guest's tracking secret is a path segment: the order's only key. */
const SECRET_SEGMENT_AFTER = 'seguimiento';

/**
 * Decodes as the server (or anything after it) might: `+` as a space, percent escapes, several
 * times over (`%2574` is `%74` is `t`), a broken escape left as typed beside the good ones.
 */
function decodeLoosely(text: string): string {
  let current = text.replace(/\+/g, ' ');
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_NAME.test(decodeLoosely(name)) ? `${name}=${HIDDEN}` : pair;
    })
    .join('&');
}

function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) =>
      i > 0 && decodeLoosely(segments[i - 1]!).toLowerCase() === SECRET_SEGMENT_AFTER
        ? HIDDEN
        : segment,
    )
    .join('/');
}

// Most URLs hold nothing to hide; they skip the decoding.
const MAY_HOLD_SECRET = /[?#%]|seguimiento/i;

/**
 * Request logs name the route, never a token, secret, password or code (they may ride in a
 * query, under any spelling the server would decode: `?%74oken=`, `?TOKEN=`) or a tracking
 * secret (a path segment). Redaction looks at names after decoding (docs/reliability.md, "Limits").
 */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const query = question === -1 ? undefined : beforeHash.slice(question + 1);
  return (
    redactPath(path) +
    (query === undefined ? '' : `?${redactQuery(query)}`) +
    (hash === -1 ? '' : `#${HIDDEN}`)
  );
}

/** Fields hidden wherever a request or an error puts them in a log line. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'token',
  'secret',
  'codigo',
  'seguimiento',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  '"set-cookie"',
  '"idempotency-key"',
  '"x-api-key"',
];

export function loggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      // Request headers and bodies are not logged by the serializer below; these catch any
      // log line that adds them (or an object holding them) later.
      paths: [
        ...SECRET_FIELDS.map((field) => `req.headers.${field}`),
        ...SECRET_FIELDS.map((field) => `req.body.${field}`),
        ...SECRET_FIELDS.map((field) => `res.headers.${field}`),
        ...SECRET_FIELDS.map((field) => `*.${field}`),
      ].map((p) => p.replace(/\.(".*")$/, '[$1]')),
      censor: HIDDEN,
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes pino's child (with the request id bound) only when the request
 * writes a line at a level that is on. Fastify makes that child for every request, and with
 * redaction configured pino serialises and redacts the bindings each time: about 5% of the
 * server's time on a cached catalogue answer, for lines that at `warn` are never written
 * (docs/performance.md, "What a request costs before its handler"). Lines at levels that are off
 * cost a comparison; everything else goes to the real child, made once.
 */
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #real: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #child(): FastifyBaseLogger {
    return (this.#real ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#real?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#child().level = level;
  }

  #writes(level: LogLevel): boolean {
    if (this.#real) return true;
    const values = (this.#parent as { levels?: { values: Record<string, number> } }).levels?.values;
    const threshold = values?.[this.level];
    return values === undefined || threshold === undefined || values[level]! >= threshold;
  }

  #method(level: LogLevel): LogFn {
    return ((...args: Parameters<LogFn>) => {
      if (this.#writes(level)) this.#child()[level](...args);
    }) as LogFn;
  }

  fatal = this.#method('fatal');
  error = this.#method('error');
  warn = this.#method('warn');
  info = this.#method('info');
  debug = this.#method('debug');
  trace = this.#method('trace');
  silent: LogFn = () => undefined;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made lazily (LazyChildLogger). */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
