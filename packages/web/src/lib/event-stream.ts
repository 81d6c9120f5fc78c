/**
 * Server-Sent Events read over fetch, so the session's token travels in the Authorization header
 * like every other call. EventSource can only put it in the URL, where any proxy or access log
 * in between would keep a long-lived bearer token.
 *
 * Reconnects by itself after a drop (sooner first, then more slowly, up to a minute), sending
 * the id of the last event seen as Last-Event-ID so the server replays what was missed.
 */
export interface EventStreamHandlers {
  /** The server answered 200 and the stream is open (first time and after each reconnection). */
  onOpen?: () => void;
  /** One event: its type (`message` when unnamed), data and id. */
  onEvent: (type: string, data: string, id: string | undefined) => void;
  /** The stream failed or ended; a reconnection follows. */
  onError?: () => void;
}

export interface EventStreamOptions {
  /** The session's token; a stream keyed by something else (a guest's tracking secret) has none. */
  token?: string;
  lastEventId?: string;
  /** First wait before reconnecting (doubled after each failure, at most `maxRetryMs`). */
  retryMs?: number;
  maxRetryMs?: number;
}

export function isEventStreamSupported(): boolean {
  return typeof fetch === 'function' && typeof TextDecoder === 'function';
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openEventStream(
  url: string,
  options: EventStreamOptions,
  handlers: EventStreamHandlers,
): () => void {
  const firstRetryMs = options.retryMs ?? 3_000;
  const maxRetryMs = options.maxRetryMs ?? 60_000;
  let lastEventId = options.lastEventId;
  let delay = firstRetryMs;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const connect = async () => {
    controller = new AbortController();
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
      const body = response.body;
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !body || !type.startsWith('text/event-stream')) {
        throw new Error(`stream ${response.status}`);
      }
      delay = firstRetryMs;
      handlers.onOpen?.();
      await readEvents(body, (event) => {
        if (event.id !== undefined) lastEventId = event.id;
        handlers.onEvent(event.type, event.data, event.id);
      });
    } catch {
      // A drop, a refusal or an abort: the same path below.
    }
    if (closed) return;
    handlers.onError?.();
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, maxRetryMs);
  };
  void connect();

  return () => {
    closed = true;
    clearTimeout(timer);
    controller?.abort();
  };
}

interface ParsedEvent {
  type: string;
  data: string;
  id: string | undefined;
}

/** The text/event-stream format (WHATWG HTML, 9.2.6): fields per line, events end at a blank line. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  emit: (event: ParsedEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A CR at the end of a chunk may be the first half of CRLF: wait for the next chunk.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) emit({ type: type || 'message', data: data.join('\n'), id });
        type = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
  }
}
