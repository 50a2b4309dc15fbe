import http from 'node:http';

/** One open SSE connection that records when each message event arrives. */
export interface BenchStream {
  /** message id → arrival times (ms, performance.now()); more than one = duplicate. */
  seen: Map<number, number[]>;
  close(): void;
}

/** Opens `GET /api/events.php` with a session cookie and parses message events. */
export function openStream(port: number, token: string, agent: http.Agent): Promise<BenchStream> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, number[]>();
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events.php',
        agent,
        headers: { cookie: `amora_session=${token}`, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        let buffer = '';
        let ready = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!ready && block.includes(': connected')) {
              ready = true;
              resolve({ seen, close: () => request.destroy() });
            }
            if (!block.includes('event: message')) continue;
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (!data) continue;
            const id = (JSON.parse(data.slice(6)) as { message: { id: number } }).message.id;
            const times = seen.get(id) ?? [];
            times.push(now);
            seen.set(id, times);
          }
        });
      },
    );
    request.on('error', reject);
  });
}
