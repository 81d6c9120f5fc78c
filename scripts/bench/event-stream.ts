/** A minimal text/event-stream reader over fetch, with the token in the Authorization header. */

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface OpenStream {
  close(): void;
}

/** Resolves once the server has answered 200 (and so is subscribed); events go to `onEvent`. */
export async function openEventStream(
  url: string,
  token: string,
  onEvent: (event: StreamEvent) => void,
): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) {
    throw new Error(`flujo de eventos: ${res.status} ${await res.text()}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
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
    } catch {
      // Closed by close().
    }
  })();
  return { close: () => abort.abort() };
}
