import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { MemberEventPayload, MemberEventType } from '~/shared/contracts/events';
import type { Logger } from '../../log/logger';
import { parseEventNotice } from './event-notice';

/** An event as streams send it; names and data are those of src/shared/contracts/events.ts. */
export interface CachedEvent {
  /** The member's event number (`seq`), used as the SSE id. */
  id: number;
  type: MemberEventType;
  payload: MemberEventPayload;
}

/** Called with the id of a new member event (payload = ids only; listeners read the event). */
export type EventListener = (eventId: number) => void;

/**
 * Realtime fan-out. Streams subscribe per member; `notify` reaches
 * every stream of that member in this process and, on PostgreSQL, in every
 * other process through LISTEN/NOTIFY (channel `amora_events`, payload
 * "userId:eventId", with the event itself when it fits: ./event-notice.ts). PGlite serves one
 * process, so fan-out stays in-process.
 */
export interface RealtimeHub {
  subscribe(userId: number, listener: EventListener): () => void;
  notify(userId: number, eventId: number): Promise<void>;
  /**
   * The NOTIFY channel when a `pg_notify` issued in SQL reaches every process's
   * streams (PostgreSQL with the listener connected), so publishers can notify in
   * the statement that records the event; null means: call `notify` instead.
   */
  sqlChannel(): string | null;
  /**
   * Keeps an event this process just published, so this process's streams send it
   * without reading it back from the database (events never change once written).
   */
  remember(userId: number, event: CachedEvent): void;
  /** A remembered event of a member by number, if this process published it recently. */
  recall(userId: number, seq: number): CachedEvent | undefined;
  /** Open streams of a member in this process. */
  localStreams(userId: number): number;
  /**
   * Listens for "some sessions of this member ended" (log-out, password change, revocation,
   * account deletion) from any process; the listener re-checks its own session.
   */
  onSessionsEnded(userId: number, listener: () => void): () => void;
  /**
   * Tells every process that sessions of the member ended (channel `amora_sessions`,
   * payload the user id; in-process on PGlite), so their streams re-check their session.
   * Call after the deletion committed. @throws when NOTIFY fails (callers log it).
   */
  sessionsEnded(userId: number): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'amora_events';
/** Carries "sessions of member N ended" (payload "N"); only ids, never a session id or token. */
const SESSIONS_CHANNEL = 'amora_sessions';

export function createRealtimeHub(options: { databaseUrl: string | null; log: Logger; pool?: pg.Pool }): RealtimeHub {
  const listeners = new Map<number, Set<EventListener>>();
  const sessionListeners = new Map<number, Set<() => void>>();
  // Bounded and short-lived: only streams that are up to date use it; others read the database.
  const recent = new LRUCache<string, CachedEvent>({ max: 20_000, ttl: 30_000 });
  const remember = (userId: number, event: CachedEvent) => void recent.set(`${userId}:${event.id}`, event);
  const deliver = (userId: number, eventId: number) => {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(eventId);
      } catch (error) {
        options.log.warn('realtime listener failed', { error });
      }
    }
  };

  const sessionsEnded = (userId: number) => {
    for (const listener of sessionListeners.get(userId) ?? []) {
      try {
        listener();
      } catch (error) {
        options.log.warn('realtime session listener failed', { error });
      }
    }
  };

  let client: pg.Client | null = null;
  let closed = false;
  let ready: Promise<void> | null = null;
  // Connected on first use, so short-lived tools (seed, bench) that never stream hold no connection.
  const ensureConnected = (): Promise<void> =>
    (ready ??= connect().catch((error: unknown) => options.log.warn('realtime listen failed', { error })));
  const connect = async (): Promise<void> => {
    if (!options.databaseUrl || closed) return;
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === SESSIONS_CHANNEL) {
        const user = Number(message.payload);
        if (Number.isInteger(user)) sessionsEnded(user);
        return;
      }
      const notice = parseEventNotice(message.payload ?? '');
      if (!notice) return;
      // An event the notice carries is kept like one published here: the streams send it without a read.
      if (notice.event) remember(notice.userId, notice.event);
      deliver(notice.userId, notice.seq);
    });
    next.on('error', (error) => {
      options.log.warn('realtime listener connection lost', { error });
      client = null;
      if (!closed) setTimeout(() => void (ready = connect().catch(() => undefined)), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`);
    client = next;
  };

  return {
    subscribe(userId, listener) {
      if (options.databaseUrl) void ensureConnected();
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async notify(userId, eventId) {
      if (!options.databaseUrl) {
        deliver(userId, eventId);
        return;
      }
      await ensureConnected();
      // NOTIFY goes through the shared pool: the LISTEN connection only listens.
      if (client && options.pool)
        await options.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${userId}:${eventId}`]);
      else if (client) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, `${userId}:${eventId}`]);
      // Without the listener connection, local streams still get it; others catch up on reconnect.
      else deliver(userId, eventId);
    },
    remember,
    recall: (userId, seq) => recent.get(`${userId}:${seq}`),
    sqlChannel: () => (options.databaseUrl && client ? CHANNEL : null),
    localStreams: (userId) => listeners.get(userId)?.size ?? 0,
    onSessionsEnded(userId, listener) {
      if (options.databaseUrl) void ensureConnected();
      let set = sessionListeners.get(userId);
      if (!set) sessionListeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) sessionListeners.delete(userId);
      };
    },
    async sessionsEnded(userId) {
      // This process's streams at once, whatever happens to the NOTIFY; a second re-check
      // when this process's own NOTIFY comes back costs one query and changes nothing.
      sessionsEnded(userId);
      if (!options.databaseUrl) return;
      // Through the pool, not the listener: other processes must hear it even when this one
      // never opened a stream (its LISTEN connection is opened on first use).
      if (options.pool) await options.pool.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, String(userId)]);
      else {
        await ensureConnected();
        await client?.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, String(userId)]);
      }
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
