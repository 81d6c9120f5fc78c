import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { SuscripcionRow } from './push.repository.js';

export interface PushDeliveryOptions {
  /** Attempts per message, the first one included, while the push service answers 5xx/429 or hangs. */
  attempts: number;
  /** Wait before the second attempt; doubled before each next one. */
  firstRetryMs: number;
  /** A push service that has not answered by then counts as down for this attempt. */
  timeoutMs: number;
  /** Messages being sent at once. */
  concurrency: number;
  /** Messages waiting beyond this are dropped (and logged): memory stays bounded. */
  maxQueued: number;
  /** How long the push service keeps a message for a phone that is offline (≥ 60 s). */
  ttlSeconds: number;
  /** On shutdown, how long messages already on their way may take before they are cut. */
  closeGraceMs: number;
}

export const defaultPushDelivery: PushDeliveryOptions = {
  attempts: 3,
  firstRetryMs: 2_000,
  timeoutMs: 10_000,
  concurrency: 8,
  maxQueued: 2_000,
  // An order alert an hour old is no longer news.
  ttlSeconds: 3_600,
  closeGraceMs: 2_000,
};

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * What became of one attempt (the push counter of http/metrics.ts): delivered; to be tried
 * again; given up (refused, or out of attempts); the subscription gone (404/410, deleted); or
 * dropped unsent because the queue was full.
 */
export type PushResultado =
  'entregado' | 'reintento' | 'fallido' | 'suscripcion_borrada' | 'descartado';

export interface PushSender {
  /** Queues one message; never waits for it and never throws. */
  send(suscripcion: SuscripcionRow, payload: string): void;
  /** Stops taking messages, waits up to closeGraceMs for those on their way, cuts the rest. */
  close(): Promise<void>;
}

interface Job {
  suscripcion: SuscripcionRow;
  payload: string;
  /** Attempts already made. */
  attempts: number;
}

type Outcome = { status: number } | { error: Error };

/** Logs name the push service, never the endpoint: its path is what lets anyone push to it. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'desconocido';
  }
}

/**
 * Web Push delivery: a bounded in-process queue with a concurrency limit. web-push builds each
 * request (RFC 8291 aes128gcm encryption, RFC 8292 VAPID authorization); it is sent here rather
 * than with web-push's sendNotification, which speaks only https, so that a push service on
 * plain http at a loopback address (a local stand-in, allowed by PUSH_ORIGINS) works the same
 * way as the browsers' public services.
 *
 * A push service answering 5xx or 429, failing to answer within timeoutMs, or unreachable, is
 * tried again after firstRetryMs, then twice that, up to `attempts` in all, then the message is
 * given up and logged. 404 and 410 mean the subscription is gone: `onGone` deletes it. Any other
 * answer is logged and the message dropped.
 */
export function createPushSender(deps: {
  vapid: VapidKeys;
  options: PushDeliveryOptions;
  log: FastifyBaseLogger;
  onGone: (suscripcion: SuscripcionRow) => Promise<void>;
  /** Told the outcome of every attempt; must not throw. */
  onOutcome?: (resultado: PushResultado) => void;
}): PushSender {
  const { vapid, options, log, onGone } = deps;
  const counted = deps.onOutcome ?? (() => undefined);
  const waiting: Job[] = [];
  const retries = new Set<NodeJS.Timeout>();
  const inFlight = new Map<Promise<void>, () => void>();
  let active = 0;
  let closed = false;

  function enqueue(job: Job) {
    if (closed) return;
    if (waiting.length >= options.maxQueued) {
      log.warn(
        { servicio: originOf(job.suscripcion.endpoint) },
        'cola de notificaciones llena: se descartó un mensaje',
      );
      counted('descartado');
      return;
    }
    waiting.push(job);
    pump();
  }

  function pump() {
    while (!closed && active < options.concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      active += 1;
      void run(job).finally(() => {
        active -= 1;
        pump();
      });
    }
  }

  async function run(job: Job) {
    const attempt = job.attempts + 1;
    const servicio = originOf(job.suscripcion.endpoint);
    const outcome = await deliver(job);
    const status = 'status' in outcome ? outcome.status : undefined;
    if (status !== undefined && status >= 200 && status < 300) {
      log.debug({ servicio, intento: attempt }, 'notificación entregada');
      counted('entregado');
      return;
    }
    if (status === 404 || status === 410) {
      log.info({ servicio, status }, 'suscripción vencida: se elimina');
      counted('suscripcion_borrada');
      await onGone(job.suscripcion).catch((error: unknown) =>
        log.warn({ err: error }, 'no se pudo eliminar una suscripción vencida'),
      );
      return;
    }
    const retryable = status === undefined || status === 429 || status >= 500;
    const detail = { servicio, status, err: 'error' in outcome ? outcome.error : undefined };
    if (!retryable) {
      log.warn(detail, 'el servicio de notificaciones rechazó el mensaje');
      counted('fallido');
      return;
    }
    if (attempt >= options.attempts) {
      log.warn({ ...detail, intentos: attempt }, 'notificación abandonada tras varios intentos');
      counted('fallido');
      return;
    }
    // Closing: no retry will run.
    if (closed) return counted('fallido');
    counted('reintento');
    const timer = setTimeout(
      () => {
        retries.delete(timer);
        enqueue({ ...job, attempts: attempt });
      },
      options.firstRetryMs * 2 ** (attempt - 1),
    );
    timer.unref();
    retries.add(timer);
  }

  function deliver(job: Job): Promise<Outcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: job.suscripcion.endpoint, keys: job.suscripcion },
        job.payload,
        {
          TTL: Math.max(60, options.ttlSeconds),
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          vapidDetails: vapid,
        },
      );
    } catch (error) {
      // A key that no longer decodes: nothing to retry.
      return Promise.resolve({ status: 400, error: error as Error });
    }
    let cut = () => undefined as void;
    const sent = new Promise<Outcome>((resolve) => {
      const url = new URL(details.endpoint);
      const transport = url.protocol === 'http:' ? http : https;
      const request = transport.request(url, {
        method: 'POST',
        headers: details.headers as http.OutgoingHttpHeaders,
        timeout: options.timeoutMs,
      });
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      });
      request.on('timeout', () =>
        request.destroy(new Error(`sin respuesta en ${options.timeoutMs} ms`)),
      );
      request.on('error', (error) => resolve({ error }));
      cut = () => request.destroy(new Error('servidor cerrándose'));
      request.end(details.body ?? undefined);
    });
    const tracked = sent.then(() => undefined);
    inFlight.set(tracked, () => cut());
    void tracked.finally(() => inFlight.delete(tracked));
    return sent;
  }

  return {
    send(suscripcion, payload) {
      enqueue({ suscripcion, payload, attempts: 0 });
    },
    async close() {
      closed = true;
      waiting.length = 0;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      if (inFlight.size === 0) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(inFlight.keys()),
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, options.closeGraceMs);
          grace.unref();
        }),
      ]);
      clearTimeout(grace);
      if (inFlight.size > 0) {
        log.warn({ pendientes: inFlight.size }, 'notificaciones cortadas al cerrar');
        for (const cutOne of inFlight.values()) cutOne();
      }
    },
  };
}
