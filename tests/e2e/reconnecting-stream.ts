/**
 * A member's `GET /api/events.php` read the way a browser's EventSource reads it (HTML Living
 * Standard, Server-Sent Events): it follows `retry:`, remembers the last `id:`, and when the stream
 * ends or the connection fails it waits the retry time and reconnects with `Last-Event-ID`. Used
 * where a test stops or restarts server processes under a live stream.
 */
export interface ReconnectingStream {
  /** `event: message` ids in the order they arrived (a repeat is a duplicate delivery). */
  messageIds: number[];
  /** Streams opened (1 + reconnects) and connections that failed outright. */
  opened: number;
  failures: number;
  /** The last `retry:` the server sent (ms). */
  retryMs: number;
  close(): void;
}

/**
 * Opens the stream at `url` with `cookie` and keeps it open (reconnecting) until `close()`.
 * Resolves once the first stream said `: connected`.
 */
export async function openReconnectingStream(url: string, cookie: string): Promise<ReconnectingStream> {
  const abort = new AbortController();
  const stream: ReconnectingStream = {
    messageIds: [],
    opened: 0,
    failures: 0,
    retryMs: 3000,
    close: () => abort.abort(),
  };
  let lastEventId: string | null = null;
  let connected!: () => void;
  const firstConnected = new Promise<void>((resolve) => (connected = resolve));

  const readOnce = async () => {
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const response = await fetch(url, { headers, signal: abort.signal });
    if (response.status !== 200) throw new Error(`event stream answered ${response.status}`);
    stream.opened++;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        let data = '';
        let id: string | null = null;
        for (const line of block.split('\n')) {
          if (line === ': connected') connected();
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          const field = line.slice(0, colon);
          const value = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'retry' && /^\d+$/.test(value)) stream.retryMs = Number(value);
          else if (field === 'id') id = value;
          else if (field === 'event') event = value;
          else if (field === 'data') data += value;
        }
        if (id !== null) lastEventId = id;
        if (event === 'message' && data)
          stream.messageIds.push((JSON.parse(data) as { message: { id: number } }).message.id);
      }
    }
  };

  void (async () => {
    while (!abort.signal.aborted) {
      try {
        await readOnce();
      } catch {
        if (abort.signal.aborted) return;
        stream.failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, stream.retryMs));
    }
  })();
  await firstConnected;
  return stream;
}
