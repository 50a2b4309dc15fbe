import os from 'node:os';
import { z } from 'zod';
import { LANDERS_S3_ENV_SCHEMA } from './storage/landers-bucket-config';
import { parseIpRange } from './platform/security/ip-ranges';
import { S3_ENV_SCHEMA } from './storage/s3-config';

/**
 * The environment variables of the server and their rules (docs/architecture.md §5), apart from
 * config.ts, which reads them (the only reader of `process.env` in `src/`) and builds the Config.
 */

/** The non-empty, trimmed entries of a comma-separated variable. */
export function listOf(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A DNS name of letters, digits and hyphens (one or more labels). */
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Server configuration, read once from the environment (docs/architecture.md §5).
 * Defaults make `npm start` work with no configuration.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  DATA_DIR: z.string().min(1).default('./data'),
  /** unset → PGlite under DATA_DIR; `memory://` → in-memory PGlite; `postgres://…` → PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^(memory:\/\/|file:|postgres(ql)?:\/\/)/, {
      error: 'must start with memory://, file: or postgres://',
    })
    .optional(),
  SITES_DIR: z.string().min(1).default('./config/sites'),
  MIGRATIONS_DIR: z.string().min(1).default('./src/server/db/migrations'),
  SEED_MEMBERS: z.coerce.number().int().min(0).max(2_000_000).default(2000),
  /** Session lifetime in days. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Reverse proxies whose X-Forwarded-For is believed (docs/architecture.md §5 client address):
   * comma-separated addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`); 0 or unset → none.
   */
  TRUST_PROXY: z
    .string()
    .refine((value) => value === '0' || listOf(value).every((entry) => parseIpRange(entry) !== null), {
      error: 'must be 0 or a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
    })
    .default('0'),
  /**
   * docs/product.md §13 Access: when set, the operator console (`/admin`) answers only these
   * client addresses or CIDR ranges (comma-separated); any other address gets a 404.
   */
  ADMIN_ALLOWED_IPS: z
    .string()
    .refine((value) => listOf(value).every((entry) => parseIpRange(entry) !== null), {
      error: 'must be a comma-separated list of IP addresses or CIDR ranges (e.g. 203.0.113.7,10.0.0.0/8)',
    })
    .optional(),
  // --- Metrics (docs/architecture.md §5 Metrics) ---
  /** Bearer token a scraper must present at `/metrics` (≥ 16 characters); see also METRICS_ALLOWED_IPS. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, { error: 'must be 16 to 200 visible ASCII characters (no spaces)' })
    .optional(),
  /** Client addresses or CIDR ranges (comma-separated) that may read `/metrics` without the token. */
  METRICS_ALLOWED_IPS: z
    .string()
    .refine((value) => listOf(value).every((entry) => parseIpRange(entry) !== null), {
      error: 'must be a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
    })
    .optional(),
  // --- end Metrics ---
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** VAPID keys (base64url); when unset they are generated once into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be a base64url P-256 public key' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, { error: 'must be a base64url P-256 private key' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'must start with mailto: or https://' })
    .default('mailto:support@amora.test'),
  /** 1 lets push endpoints be loopback addresses with self-signed certificates (tests' stand-in push service only). */
  PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['0', '1']).default('0'),
  /** Comma-separated domains push endpoints must be on (a domain or below it); unset → any public host. */
  PUSH_ENDPOINT_DOMAINS: z
    .string()
    .refine((value) => listOf(value).every((entry) => DOMAIN.test(entry)), {
      error: 'must be a comma-separated list of domain names (e.g. fcm.googleapis.com,push.services.mozilla.com)',
    })
    .optional(),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); unset → files in DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  /** Sender address of outgoing mail; the site name is put in front. */
  MAIL_FROM: z.email({ error: 'must be an e-mail address' }).default('no-reply@amora.test'),
  /** Signing secret (≥ 32 characters); generated once into DATA_DIR/app-secret when unset. */
  APP_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Signups per client address per hour (mobile carriers put many people behind one address). */
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** E-mail address checks of the signup wizard per client address per 10 minutes. */
  RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Login attempts per 10 minutes per client address, and per account from devices it never
   * logged in on (beyond that, paced rather than refused: docs/product.md §10 Log-in limits).
   */
  RATE_LIMIT_LOGINS_PER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Reports a member may file per hour (docs/product.md §9). */
  RATE_LIMIT_REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Megabytes of photos a member may upload per UTC day (docs/product.md §10 Photos). */
  UPLOAD_MB_PER_MEMBER_PER_DAY: z.coerce.number().int().min(1).max(2000).default(50),
  /** Photos decoded at once per process; unset → half the CPU cores, 1 or 2 (docs/product.md §10 Photos). */
  IMAGE_DECODE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2)))),
  /**
   * docs/product.md §13 Screening: `off` stops the background photo screening (nudity, faces and
   * apparent age of uploads; ≈0.5 s of one core per photo and ≈300 MB for the models), e.g. on a small machine.
   */
  PHOTO_SCREENING: z.enum(['on', 'off']).default('on'),
  /** Partner webcam feed (JSON `{ cams: [...] }`); unset = the built-in demo feed. */
  XCAMS_FEED_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * Further origins pages may show images from (Content-Security-Policy `img-src`), comma-separated,
   * e.g. a webcam partner's image host; the site's CDN, the GIF service and the cam feed are added by themselves.
   */
  CSP_IMAGE_ORIGINS: z
    .string()
    .refine(
      (value) => listOf(value).every((entry) => /^https?:\/\/[^/?#\s]+\/?$/i.test(entry) && URL.canParse(entry)),
      {
        error: 'must be a comma-separated list of http(s) origins (e.g. https://images.partner.example)',
      },
    )
    .optional(),
  /** Key of the GIF service (Tenor v2 API shape); unset = the built-in offline GIF set. */
  GIF_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,200}$/, { error: 'must be an API key (letters, digits, _ . -)' })
    .optional(),
  /** Base URL of the GIF service. */
  GIF_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://tenor.googleapis.com/v2'),
  /** The build's static files (`dist/client`); unset → found beside the running server bundle. */
  STATIC_DIR: z.string().min(1).optional(),
  /** Media of the landers (video, posters) copied into storage under `landers/` at start. */
  LANDER_MEDIA_DIR: z.string().min(1).default('./landers/media'),
  /** Seconds an open payment is left to its webhook before the reconciliation job asks the provider. */
  PAYMENT_RECONCILE_AFTER_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Milliseconds a network's postback endpoint has to answer one attempt. */
  POSTBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Milliseconds before a failed postback's first retry; each later retry waits twice as long (up to 6 h). */
  POSTBACK_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Milliseconds one mail or push attempt of the outbox may take (SMTP socket timeout; the lease adds 5 s). */
  OUTBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** Milliseconds before a failed mail's or push's first retry; each later retry waits twice as long (up to 1 h). */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Mollie API key (`test_…` or `live_…`): set → Mollie is the payment provider, unset → the sandbox. */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_[A-Za-z0-9]{20,64}$/, { error: 'must be a Mollie API key (test_… or live_…)' })
    .optional(),
  /**
   * Root of the Mollie API, for tests and stand-ins only. HTTPS only: Mollie's client refuses
   * plain HTTP (and trusts only its own CA bundle).
   */
  MOLLIE_API_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).default('https://api.mollie.com/v2/'),
  /** S3-compatible storage for uploads and media (S3_URL, S3_BUCKET, …; storage/s3-config.ts); unset → DATA_DIR/uploads. */
  ...S3_ENV_SCHEMA,
  /** The bucket `npm run landers:publish` uploads the landers' CDN copy to (LANDERS_S3_*; landers/cdn/landers-bucket-config.ts). */
  ...LANDERS_S3_ENV_SCHEMA,
});

/**
 * Every variable the configuration reads, by name (docs/architecture.md §5): the list
 * deploy/amora.env.example must describe (tests/integration/deploy-files.test.ts checks it).
 */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);
