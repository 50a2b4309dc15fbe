import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes every statement and transaction of an embedded PGlite start on a new event-loop turn
 * (docs/architecture.md §5 Embedded database). PGlite runs PostgreSQL on the main thread and
 * answers through promises: a request's chain of queries, and those of every request already
 * in flight, would otherwise run one after another in the microtask queue while new requests
 * wait unread in their sockets (ten photo uploads arriving together kept a 2 ms request waiting
 * for 300 ms). One `setImmediate` hop per statement (microseconds) lets the server read and
 * answer other requests between them. PostgreSQL over the network yields by itself.
 */
export function yieldBeforeEachStatement(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await nextTurn();
    return transaction(...args);
  }) as PGlite['transaction'];
  return client;
}
