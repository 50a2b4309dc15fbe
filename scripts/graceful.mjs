/**
 * Graceful stop of one server process's HTTP side (docs/architecture.md §3 Starting, health and
 * restarts). `drainable(server)` must be called before the server listens; its `drain(deadline)`:
 * 1. stops accepting connections (in a `WEB_CONCURRENCY` worker: the primary hands new connections
 *    to the other workers), but keeps the open ones: a keep-alive connection a client is just
 *    reusing would otherwise be reset under its request;
 * 2. answers every request that still arrives on them with `Connection: close` (Node closes the
 *    connection after that response, and the client knows it will);
 * 3. closes connections that have been idle for `COLD_IDLE_MS` (the client is not using them; a
 *    connection that just sent a keep-alive response is not closed, as its client may be sending
 *    the next request on it right now);
 * 4. resolves when no connection is left, or at `deadline`, when the rest are cut.
 * Requests under way finish meanwhile (up to the deadline) with the app fully working: the app's own
 * drain (dist/server/lifecycle.mjs) closes event streams with a reconnect hint at its start and
 * closes the database only after this resolves.
 */
import net from 'node:net';
import { z } from 'zod';

/** How long a graceful stop may take at most by default (ms): `SHUTDOWN_TIMEOUT_MS`. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** A connection idle this long (ms) while draining is closed: its client is not about to reuse it. */
export const COLD_IDLE_MS = 1_000;
/** How often (ms) a drain looks for idle connections to close. */
const SWEEP_MS = 100;

const timeoutSchema = z.coerce.number().int().min(0).max(600_000);

/**
 * `SHUTDOWN_TIMEOUT_MS` of `env`: how long (ms) a graceful stop waits for requests and jobs under
 * way before it cuts them (default 10 000).
 * @param {Record<string, string | undefined>} env
 * @returns {number}
 * @throws Error naming the variable when it is not a whole number from 0 to 600000.
 */
export function shutdownTimeoutMs(env) {
  const raw = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const parsed = timeoutSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 0 to 600000, not "${raw}"`);
  return parsed.data;
}

/**
 * Tracks `server`'s connections and requests so it can be drained (see the module's comment).
 * @param {import('node:http').Server} server not listening yet
 * @param {{ coldIdleMs?: number }} [options] `coldIdleMs`: idle time (ms) after which a draining
 *   connection is closed (default COLD_IDLE_MS; tests shorten or lengthen it)
 * @returns {{ drain(deadline: number): Promise<{ cut: number }>, isDraining(): boolean }}
 *   `drain` resolves with how many connections had to be cut at the deadline.
 */
export function drainable(server, { coldIdleMs = COLD_IDLE_MS } = {}) {
  /** @type {Map<import('node:net').Socket, { active: number, idleSince: number }>} */
  const connections = new Map();
  let draining = false;

  server.on('connection', (socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // First of the request listeners: the header must be set before any handler answers.
  server.prependListener('request', (req, res) => {
    const socket = req.socket;
    const entry = connections.get(socket);
    if (!entry) return;
    entry.active++;
    if (draining) res.setHeader('Connection', 'close');
    // A response that began before the drain went out as keep-alive: its client may send the next
    // request at once, so the connection is not ended right after it but left to the idle sweep
    // (or to that next request's `Connection: close`).
    res.once('close', () => {
      entry.active--;
      entry.idleSince = Date.now();
    });
  });

  // A request the client already sent may still wait unread in the socket while the event loop is
  // busy; timers run before the loop reads sockets. So a connection that looks idle is only closed in
  // the check phase that follows the next read of every socket, if it still has no request and has
  // not been used meanwhile.
  const closeCold = () => {
    const now = Date.now();
    for (const [socket, entry] of connections) {
      if (entry.active !== 0 || now - entry.idleSince < coldIdleMs) continue;
      const idleSince = entry.idleSince;
      setImmediate(() => {
        if (entry.active === 0 && entry.idleSince === idleSince) socket.end();
      });
    }
  };

  return {
    isDraining: () => draining,
    drain(deadline) {
      draining = true;
      // net.Server's close, not http.Server's: that one also closes idle keep-alive connections
      // at once, resetting a request a client may be sending on one right now.
      if (server.listening) net.Server.prototype.close.call(server);
      return new Promise((resolve) => {
        const sweep = () => {
          closeCold();
          if (connections.size === 0) return resolve({ cut: 0 });
          if (Date.now() >= deadline) {
            const cut = connections.size;
            for (const socket of connections.keys()) socket.destroy();
            return resolve({ cut });
          }
          setTimeout(sweep, SWEEP_MS);
        };
        sweep();
      });
    },
  };
}
