import type { FastifyBaseLogger } from 'fastify';

// A job every instance runs every few seconds (the escalation of unanswered orders, the
// automatic pause): passes never overlap, the messages a pass decides on are sent beside it with
// a few tries, and stopping ends the waits at once and lets what is under way finish.

/** Tries per message, and the waits between them: a short outage of the SMS or mail service. */
const INTENTOS = 3;
const ESPERAS_MS = [1_000, 5_000];

export interface Entrega {
  send: () => Promise<void>;
  /** What the log lines say about this message (its order, shop, channel). */
  contexto: Record<string, unknown>;
  /** Logged when the last try failed, and when a try failed and another follows. */
  fallo: string;
  reintento: string;
}

export interface Sweep {
  /**
   * Sends a message beside the pass (a slow mail or SMS service delays nothing else), retried
   * a few times and then logged; it never throws.
   */
  deliver(entrega: Entrega): void;
}

/**
 * Runs `pass` every `everyMs` until the answer is called. A pass still under way (a slow
 * database) is not doubled; a failed pass is logged with `fallo` and the next one runs as usual.
 */
export function startSweep(options: {
  everyMs: number;
  log: FastifyBaseLogger;
  fallo: string;
  pass: (sweep: Sweep) => Promise<void>;
}): () => Promise<unknown> {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const entregas = new Set<Promise<void>>();

  // Waits between tries end at once on shutdown, which then makes no further try.
  const despertar = new Set<() => void>();
  const esperar = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        despertar.delete(done);
        resolve();
      }
      despertar.add(done);
    });

  const deliver = async ({ send, contexto, fallo, reintento }: Entrega) => {
    for (let intento = 1; ; intento++) {
      try {
        await send();
        return;
      } catch (error) {
        const final = intento >= INTENTOS || stopped;
        options.log.warn({ err: error, ...contexto, intento }, final ? fallo : reintento);
        if (final) return;
        await esperar(ESPERAS_MS[intento - 1] ?? ESPERAS_MS[ESPERAS_MS.length - 1]!);
        if (stopped) return;
      }
    }
  };

  const sweep: Sweep = {
    deliver(entrega) {
      const enCurso = deliver(entrega).finally(() => entregas.delete(enCurso));
      entregas.add(enCurso);
    },
  };

  const run = () => {
    if (stopped || running) return;
    running = options
      .pass(sweep)
      .catch((error: unknown) => options.log.warn({ err: error }, options.fallo))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    for (const done of [...despertar]) done();
    await running;
    await Promise.all([...entregas]);
  };
}
