import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One postback request as the receiver saw it. */
export interface ReceivedPostback {
  method: string;
  path: string;
  query: Record<string, string>;
  /** What the receiver answered (null: it held the request and never answered). */
  status: number | null;
}

/**
 * A network's postback endpoint on 127.0.0.1 (tests talk only to loopback). Every request is
 * recorded in `received`; it answers 500 to the first `failFirst` requests of each `id` query value
 * (the event id), holds requests without answering between `holdAll()` and `release()`, and 200
 * to the rest.
 * `accepted` holds the requests whose 200 reached an open connection: a delivery the sender saw.
 */
export async function startPostbackReceiver(options: { failFirst?: number } = {}) {
  const received: ReceivedPostback[] = [];
  const accepted: ReceivedPostback[] = [];
  const seen = new Map<string, number>();
  let holding = false;
  const held: http.ServerResponse[] = [];
  /** The sender's port of each held request's connection. */
  const heldPorts: number[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const entry: ReceivedPostback = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: null,
    };
    received.push(entry);
    request.resume();
    if (holding) {
      held.push(response);
      heldPorts.push(request.socket.remotePort ?? 0);
      return;
    }
    const id = entry.query.id ?? '';
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    entry.status = count <= (options.failFirst ?? 0) ? 500 : 200;
    response.writeHead(entry.status, { 'content-type': 'text/plain' });
    response.end(entry.status === 200 ? 'OK' : 'try again', () => {
      if (entry.status === 200 && !response.socket?.destroyed) accepted.push(entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    accepted,
    /** Holds every request from now on unanswered (senders mid-delivery), until `release()`. */
    holdAll() {
      holding = true;
    },
    /** Answers requests again; the held ones are reset (their senders see a failed attempt). */
    release() {
      holding = false;
      for (const response of held.splice(0)) response.destroy();
      heldPorts.length = 0;
    },
    /** Forgets what was received (between tests whose event ids start again at 1). */
    reset() {
      received.length = 0;
      accepted.length = 0;
      seen.clear();
    },
    /** Requests held now. */
    held: () => held.length,
    /** The sending side's TCP port of each held request (to find the process that sent it). */
    heldPorts: () => [...heldPorts],
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PostbackReceiver = Awaited<ReturnType<typeof startPostbackReceiver>>;

/** The lander experiment the affiliate tests run: video against gallery, half each, since 1 Nov 2026. */
export const SPRING_EXPERIMENT = {
  name: 'spring',
  variants: [
    { id: 'a', design: 'video', weight: 1 },
    { id: 'b', design: 'gallery', weight: 1 },
  ],
  start: '2026-11-01T00:00:00Z',
};

/**
 * A copy of `config/sites` in a temporary folder with `affiliates` set on some sites (by package
 * name), for a context or server whose SITES_DIR it becomes.
 */
export function sitesWithAffiliates(affiliates: Record<string, unknown>): string {
  const source = path.resolve(import.meta.dirname, '../../config/sites');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-sites-'));
  for (const file of fs.readdirSync(source).filter((name) => name.endsWith('.json'))) {
    const site = JSON.parse(fs.readFileSync(path.join(source, file), 'utf8')) as Record<string, unknown>;
    const extra = affiliates[site.package_name as string];
    fs.writeFileSync(path.join(dir, file), JSON.stringify(extra ? { ...site, affiliates: extra } : site, null, 2));
  }
  return dir;
}

/** A network postback template on the receiver carrying every macro, one query parameter each. */
export function receiverTemplate(port: number): string {
  return (
    `http://127.0.0.1:${port}/pb?cid={click_id}&net={network}&ref={ref}&s1={sub1}&s2={sub2}&s3={sub3}` +
    '&event={event}&id={event_id}&tx={transaction_id}&amount={amount}&cur={currency}&payout={payout}' +
    '&country={country}&lander={lander}&variant={variant}'
  );
}
