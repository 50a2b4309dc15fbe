/**
 * The process's stop signal (docs/architecture.md §3 Starting, health and restarts): when the server
 * process begins a graceful stop (SIGTERM, or a worker replaced by a rolling restart), `draining`
 * aborts. Open event streams then close with a reconnect hint (realtime/stream.ts), and the outbox
 * and postback senders stop claiming new rows (jobs/lease-queue.ts `drainLeased`) while requests
 * already running finish.
 */
export interface AppLifecycle {
  /** Aborts once, when the process begins draining. */
  readonly draining: AbortSignal;
  /** Begins draining (a second call does nothing). */
  drain(): void;
}

/** A lifecycle that is not draining yet. */
export function createAppLifecycle(): AppLifecycle {
  const controller = new AbortController();
  return {
    draining: controller.signal,
    drain: () => controller.abort(),
  };
}
