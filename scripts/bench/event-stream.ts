/** A minimal text/event-stream reader over fetch, with the token in the Authorization header. */

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface OpenStream {
  close(): void;
}

export interface StreamOptions {
  /** Sent as Last-Event-ID: the server first replays what came after it. */
  lastEventId?: string;
  /**
   * Called once when the stream ends by itself (the server closed it, or the connection broke),
   * not after close().
   */
  onEnd?: (error: unknown) => void;
}

/** Resolves once the server has answered 200 (and so is subscribed); events go to `onEvent`. */
export async function openEventStream(
  url: string,
  token: string,
  onEvent: (event: StreamEvent) => void,
  options: StreamOptions = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(options.lastEventId !== undefined && { 'last-event-id': options.lastEventId }),
    },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) {
    throw new Error(`flujo de eventos: ${res.status} ${await res.text()}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (error: unknown) => {
    if (!abort.signal.aborted) options.onEnd?.(error);
  };
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return ended(undefined);
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue; // a comment (heartbeat)
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = text;
            else if (field === 'event') event = text;
            else if (field === 'data') data.push(text);
          }
          if (data.length > 0) onEvent({ id, event, data: data.join('\n') });
        }
      }
    } catch (error) {
      // Closed by close(), or broken.
      ended(error);
    }
  })();
  return { close: () => abort.abort() };
}
