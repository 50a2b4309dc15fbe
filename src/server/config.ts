import path from 'node:path';
import { envSchema, listOf } from './config-env';
import { parseIpRange, type IpRange } from './platform/security/ip-ranges';
import { s3ConfigFrom, s3EnvProblems, type S3Config } from './storage/s3-config';
import { landersS3ConfigFrom, landersS3EnvProblems } from './storage/landers-bucket-config';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  sitesDir: string;
  migrationsDir: string;
  seedMembers: number;
  sessionTtlMs: number;
  /** True when TRUST_PROXY names at least one proxy. */
  trustProxy: boolean;
  /** TRUST_PROXY: addresses / CIDR ranges of the reverse proxies whose X-Forwarded-For is read. */
  trustedProxies: string[];
  /** ADMIN_ALLOWED_IPS as ranges; null → the console answers any address. */
  adminAllowedIps: IpRange[] | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * docs/architecture.md §5 Metrics: who may read `/metrics` (METRICS_TOKEN, METRICS_ALLOWED_IPS);
   * both null → `/metrics` answers 404.
   */
  metrics: { token: string | null; allowedIps: IpRange[] | null };
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  pushAllowInsecureEndpoints: boolean;
  /** PUSH_ENDPOINT_DOMAINS, lower case; empty → any host with public addresses. */
  pushEndpointDomains: string[];
  rateLimits: { signupsPerHour: number; emailChecksPer10Min: number; loginsPer10Min: number; reportsPerHour: number };
  /** docs/product.md §10 Photos: upload bytes per member per UTC day; photos decoded at once. */
  photos: { uploadBytesPerDay: number; decodeConcurrency: number };
  appSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  xcamsFeedUrl?: string;
  /** CSP_IMAGE_ORIGINS as origins (`https://host[:port]`): extra `img-src` of every page. */
  cspImageOrigins: string[];
  /** GIF service (GIFs): null key = the built-in offline set. */
  gifApi: { url: string; key: string | null };
  /** The built static files (pre-rendered landers and pages); null → beside the server bundle. */
  staticDir: string | null;
  landerMediaDir: string;
  /** Uploads and media in an S3-compatible bucket (S3_URL and S3_BUCKET set); null → local disk under DATA_DIR/uploads. */
  s3: S3Config | null;
  /** docs/architecture.md §3 Landers on a CDN: the bucket the CDN serves the landers from (LANDERS_S3_URL and LANDERS_S3_BUCKET set), else null. */
  landersS3: S3Config | null;
  /** docs/product.md §11 Reconciliation: how long an open payment waits for its webhook (ms). */
  payments: {
    reconcileAfterMs: number;
    /** docs/product.md §11: Mollie when MOLLIE_API_KEY is set (API root from MOLLIE_API_URL), else null (the sandbox). */
    mollie: { apiKey: string; apiEndpoint: string } | null;
  };
  /** docs/product.md §12 Postbacks: one attempt's timeout and the first retry's delay (ms). */
  postbacks: { timeoutMs: number; retryBaseMs: number };
  /** docs/architecture.md §5 Outbox: one mail or push attempt's timeout and the first retry's delay (ms). */
  outbox: { timeoutMs: number; retryBaseMs: number };
  /** docs/product.md §13 Screening: the screening job runs (PHOTO_SCREENING, default on). */
  photoScreening: boolean;
}

/** Raised by `loadConfig` with every bad variable named in its message. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment into a Config. Paths are resolved against `cwd`.
 * @throws ConfigError naming every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(defined);
  // Checks between variables run on the raw values, so one start names every problem at once.
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...s3EnvProblems(defined),
    ...landersS3EnvProblems(defined),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const trustedProxies = e.TRUST_PROXY === '0' ? [] : listOf(e.TRUST_PROXY);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `file:${path.join(dataDir, 'db')}`,
    sitesDir: path.resolve(cwd, e.SITES_DIR),
    migrationsDir: path.resolve(cwd, e.MIGRATIONS_DIR),
    seedMembers: e.SEED_MEMBERS,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    trustProxy: trustedProxies.length > 0,
    trustedProxies,
    adminAllowedIps: e.ADMIN_ALLOWED_IPS ? listOf(e.ADMIN_ALLOWED_IPS).map((entry) => parseIpRange(entry)!) : null,
    logLevel: e.LOG_LEVEL,
    metrics: {
      token: e.METRICS_TOKEN ?? null,
      allowedIps: e.METRICS_ALLOWED_IPS ? listOf(e.METRICS_ALLOWED_IPS).map((entry) => parseIpRange(entry)!) : null,
    },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    pushAllowInsecureEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS === '1',
    pushEndpointDomains: listOf(e.PUSH_ENDPOINT_DOMAINS ?? '').map((domain) => domain.toLowerCase()),
    rateLimits: {
      signupsPerHour: e.RATE_LIMIT_SIGNUPS_PER_HOUR,
      emailChecksPer10Min: e.RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN,
      loginsPer10Min: e.RATE_LIMIT_LOGINS_PER_10_MIN,
      reportsPerHour: e.RATE_LIMIT_REPORTS_PER_HOUR,
    },
    photos: {
      uploadBytesPerDay: e.UPLOAD_MB_PER_MEMBER_PER_DAY * 1024 * 1024,
      decodeConcurrency: e.IMAGE_DECODE_CONCURRENCY,
    },
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    xcamsFeedUrl: e.XCAMS_FEED_URL,
    cspImageOrigins: listOf(e.CSP_IMAGE_ORIGINS ?? '').map((origin) => new URL(origin).origin),
    gifApi: { url: e.GIF_API_URL, key: e.GIF_API_KEY ?? null },
    staticDir: e.STATIC_DIR ? path.resolve(cwd, e.STATIC_DIR) : null,
    landerMediaDir: path.resolve(cwd, e.LANDER_MEDIA_DIR),
    s3: s3ConfigFrom(e),
    landersS3: landersS3ConfigFrom(e),
    payments: {
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_S * 1000,
      mollie: e.MOLLIE_API_KEY ? { apiKey: e.MOLLIE_API_KEY, apiEndpoint: e.MOLLIE_API_URL } : null,
    },
    postbacks: { timeoutMs: e.POSTBACK_TIMEOUT_MS, retryBaseMs: e.POSTBACK_RETRY_BASE_MS },
    outbox: { timeoutMs: e.OUTBOX_TIMEOUT_MS, retryBaseMs: e.OUTBOX_RETRY_BASE_MS },
    photoScreening: e.PHOTO_SCREENING === 'on',
  };
}

let processConfig: Config | null = null;

/**
 * The process's configuration: `loadConfig(process.env)` on first use, then the
 * same object. This is the only reader of `process.env` in `src/` (lint); code
 * that runs in the process calls this, tests call `loadConfig` with their own env.
 * @throws ConfigError naming every invalid variable (nothing is kept, so a later call reads again).
 */
export function getConfig(): Config {
  processConfig ??= loadConfig(process.env);
  return processConfig;
}

/**
 * The environment a child process gets (PostgreSQL's `pg_dump`/`pg_restore` for backups,
 * docs/architecture.md §5 Backups): this process's own, with `extra` added (e.g. PGPASSWORD, so a
 * password never appears on a command line).
 */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
