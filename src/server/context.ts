import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { createLogger, type Logger } from './log/logger';
import { createDecodeQueue, type DecodeQueue } from './media';
import { createCountCache, type CountCache } from './members';
import { createCursorCache, type CursorCache } from './members';
import { createPageCache, type PageCache } from './members';
import { pushEndpointPolicy } from './push';
import { createPushService, type PushService } from './push';
import { loadVapidKeys } from './push';
import { loadAppSecret } from './platform/security/app-secret';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createAppLifecycle, type AppLifecycle } from './lifecycle/app-lifecycle';
import { loadSites, type SiteRegistry } from './platform/sites/load-sites';
import { createStorage, type Storage } from './storage/storage';
import type { CamProvider } from './xcams';
import type { GifProvider } from './gifs';
import { createHttpGifProvider } from './gifs';
import { createOfflineGifProvider } from './gifs';
import { createRealtimeHub, type RealtimeHub } from './platform/events/hub';
import { createDemoCamProvider } from './xcams';
import { createHttpCamProvider } from './xcams';
import type { PaymentProvider } from './payments';
import { createMollieProvider } from './payments';
import { createSandboxProvider } from './payments';

/** Injectable wall clock so tests can move time. */
export interface Clock {
  now(): Date;
}

/**
 * The composition root handed to every handler and use case
 * (docs/architecture.md §6 convention 13: `{ config, db, storage, mailer, push, clock }`).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  sites: SiteRegistry;
  storage: Storage;
  clock: Clock;
  log: Logger;
  push: PushService;
  mailer: Mailer;
  /** Signing secret for tokens (e-mail check, activation). */
  secret: Buffer;
  /** Per-process cache of search result counts (members/count-cache.ts). */
  searchCountCache: CountCache;
  /** Per-process keyset cursors of deep search pages (members/page-cursors.ts). */
  searchCursorCache: CursorCache;
  /** Per-process cache of visitors' whole search answers (members/page-cache.ts). */
  searchPageCache: PageCache;
  /** Webcam partner feed (docs/product.md §6): HTTP when XCAMS_FEED_URL is set, else the demo feed. */
  cams: CamProvider;
  /** Chat GIFs: the GIF service when GIF_API_KEY is set, else the built-in offline set. */
  gifs: GifProvider;
  /** Realtime fan-out to members' event streams (in-process; LISTEN/NOTIFY on PostgreSQL). */
  realtime: RealtimeHub;
  /** The payment provider (docs/product.md §11): the built-in sandbox by default. */
  payments: PaymentProvider;
  /** Photo decodes of this process, `config.photos.decodeConcurrency` at a time (media/decode-queue.ts). */
  imageDecodes: DecodeQueue;
  /** The process's graceful stop: aborts `draining` when it begins (lifecycle/app-lifecycle.ts). */
  lifecycle: AppLifecycle;
}

export const systemClock: Clock = { now: () => new Date() };

/** Raised by `createContext` when the database cannot be opened or migrated; names the (password-free) URL. */
export class DatabaseStartError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Cannot open the database ${redactUrl(url)}: ${describe(cause)}`, { cause });
    this.name = 'DatabaseStartError';
  }
}

/** The URL without its password (a log or a terminal may show it). */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return url.split(':')[0] + ':…';
  }
}

/** An error's message, with its code when it has one (`ECONNREFUSED`, SQLSTATE `3D000`). */
function describe(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  const text = message || (error instanceof AggregateError ? error.errors.map(describe).join('; ') : String(error));
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * Loads the site files, opens the database and applies migrations.
 * @throws SiteConfigError naming the file and field, DatabaseStartError naming the database:
 *   startup fails fast (docs/architecture.md §3 Starting, health and restarts).
 */
export async function createContext(
  config: Config,
  overrides: Partial<Pick<AppContext, 'clock' | 'log' | 'push' | 'mailer' | 'cams' | 'gifs' | 'payments'>> = {},
): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const sites = loadSites(config.sitesDir);
  const database = await openDatabase(config.databaseUrl, (error) =>
    log.warn('database connection lost', { error }),
  ).catch((error: unknown) => {
    throw new DatabaseStartError(config.databaseUrl, error);
  });
  try {
    await database.migrate(config.migrationsDir);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new DatabaseStartError(config.databaseUrl, error);
  }
  return {
    config,
    database,
    db: database.db,
    sites,
    storage: createStorage(config),
    clock: overrides.clock ?? systemClock,
    log,
    searchCountCache: createCountCache(),
    searchCursorCache: createCursorCache(),
    searchPageCache: createPageCache(overrides.clock ?? systemClock),
    imageDecodes: createDecodeQueue({ concurrency: config.photos.decodeConcurrency }),
    lifecycle: createAppLifecycle(),
    realtime: createRealtimeHub({
      databaseUrl: database.driver === 'postgres' ? config.databaseUrl : null,
      pool: database.raw.kind === 'postgres' ? database.raw.pool : undefined,
      log,
    }),
    cams:
      overrides.cams ??
      (config.xcamsFeedUrl ? createHttpCamProvider(config.xcamsFeedUrl, log) : createDemoCamProvider()),
    gifs: overrides.gifs ?? createGifProvider(config, log),
    payments:
      overrides.payments ??
      (config.payments.mollie ? createMollieProvider(config.payments.mollie) : createSandboxProvider(database.db)),
    secret: loadAppSecret(config.dataDir, config.appSecret),
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, timeoutMs: config.outbox.timeoutMs }),
    push: overrides.push ?? createPushService(loadVapidKeys(config.dataDir, config.vapid), pushEndpointPolicy(config)),
  };
}

/** The GIF service when a key is configured (falling back to the built-in set), else the built-in set. */
function createGifProvider(config: Config, log: Logger): GifProvider {
  const offline = createOfflineGifProvider();
  return config.gifApi.key
    ? createHttpGifProvider({ apiUrl: config.gifApi.url, apiKey: config.gifApi.key, fallback: offline, log })
    : offline;
}
