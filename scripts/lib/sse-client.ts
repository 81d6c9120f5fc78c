// A Server-Sent Events reader over fetch for tests and fault scripts, that behaves like the web
// app's (packages/web/src/lib/event-stream.ts): the token in the Authorization header, and
// after a drop or a refusal a reconnection with the last id seen as Last-Event-ID.

export interface SseEvent {
  id: number | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  events: SseEvent[];
  /** How many times the server answered 200 and the stream opened. */
  opens: number;
  /** Statuses of refused attempts (0: no answer at all). */
  refusals: number[];
  /** How many times an open stream ended without our asking. */
  drops: number;
  /** Resolves once an event passes `test`; rejects after `timeoutMs`. */
  waitFor(test: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/**
 * Reads a Server-Sent Events body to its end, handing `onEvent` each event that carries data
 * (comments skipped, one space after a field's colon dropped, `message` when it names no event).
 */
export async function readSseEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || !line.includes(':')) continue;
        const colon = line.indexOf(':');
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      const data = fields.get('data');
      if (data === undefined) continue;
      const id = fields.has('id') ? Number(fields.get('id')) : undefined;
      onEvent({ id, event: fields.get('event') ?? 'message', data });
    }
  }
}

export function openSseStream(
  url: string,
  token: string,
  options: { reconnect?: boolean; firstRetryMs?: number; maxRetryMs?: number } = {},
): SseStream {
  const reconnect = options.reconnect ?? true;
  const firstRetryMs = options.firstRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  let controller: AbortController | undefined;
  let closed = false;
  let lastEventId: number | undefined;
  let delay = firstRetryMs;
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    events: [],
    opens: 0,
    refusals: [],
    drops: 0,
    waitFor(test, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = stream.events.find(test);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`evento esperado no llegó en ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      closed = true;
      controller?.abort();
    },
  };

  const connect = async () => {
    controller = new AbortController();
    let opened = false;
    try {
      const headers: Record<string, string> = {
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      };
      if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
      const response = await fetch(url, { headers, signal: controller.signal });
      if (response.status !== 200 || !response.body) {
        stream.refusals.push(response.status);
        await response.body?.cancel();
      } else {
        opened = true;
        stream.opens += 1;
        delay = firstRetryMs;
        await readSseEvents(response.body, (event) => {
          if (event.id !== undefined) lastEventId = event.id;
          stream.events.push(event);
          for (const waiter of [...waiters]) waiter();
        });
      }
    } catch {
      if (!opened && !closed) stream.refusals.push(0);
    }
    if (closed) return;
    if (opened) stream.drops += 1;
    if (!reconnect) return;
    setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, maxRetryMs);
  };
  void connect();
  return stream;
}
