import { z } from 'zod';

/** Where the S3-compatible storage is and how to reach it (docs/architecture.md §5). */
export interface S3Config {
  /** S3_URL: the service endpoint, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  /** `host/bucket/key` URLs instead of `bucket.host/key` (most self-hosted services need this). */
  forcePathStyle: boolean;
  /** Static keys; null → the SDK's default credential chain (AWS_* variables, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** S3 bucket names: 3–63 lower-case letters, digits, dots and hyphens, starting and ending alphanumeric. */
const BUCKET = /^(?=.{3,63}$)[a-z0-9][a-z0-9.-]*[a-z0-9]$/;
/** AWS endpoints name their region: s3.eu-central-1.amazonaws.com, s3-eu-west-1.amazonaws.com, s3.dualstack.…. */
const AWS_HOST = /(?:^|\.)s3[.-](?:dualstack\.)?([a-z0-9-]+)\.amazonaws\.com$/;

/**
 * The S3_* variables, merged into the configuration schema of src/server/config.ts. Messages never
 * repeat a value (the secret must not reach the log).
 */
export const S3_ENV_SCHEMA = {
  S3_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL without a path (e.g. https://s3.eu-central-1.amazonaws.com)',
    })
    .refine((value) => {
      // Zod runs this even when the URL check above failed; that one has named the problem.
      const url = URL.parse(value);
      if (!url) return true;
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, 'must be an http(s) URL without a path, query or credentials (e.g. http://127.0.0.1:9000)')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(BUCKET, { error: 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region name (e.g. us-east-1, eu-central-1, auto)' })
    .optional(),
  S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,256}$/, { error: 'must be an access key id without spaces' })
    .optional(),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{1,256}$/, { error: 'must be a secret access key without spaces' })
    .optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
};

type S3Env = { [K in keyof typeof S3_ENV_SCHEMA]?: string };

/**
 * Problems between the S3_* variables that no single one shows, as `NAME: message` lines: the
 * endpoint and the bucket go together, the others need both, and the two keys go together.
 */
export function s3EnvProblems(env: S3Env): string[] {
  const problems: string[] = [];
  if (env.S3_BUCKET && !env.S3_URL) {
    problems.push(
      'S3_BUCKET: needs S3_URL, the endpoint of the S3 service (e.g. https://s3.eu-central-1.amazonaws.com)',
    );
  }
  if (env.S3_URL && !env.S3_BUCKET) problems.push('S3_URL: needs S3_BUCKET, the name of the bucket to store files in');
  if (!env.S3_URL && !env.S3_BUCKET) {
    for (const name of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const) {
      if (env[name]) problems.push(`${name}: only used with S3_URL and S3_BUCKET, which are not set`);
    }
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY)
    problems.push('S3_SECRET_ACCESS_KEY: needed with S3_ACCESS_KEY_ID');
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID)
    problems.push('S3_ACCESS_KEY_ID: needed with S3_SECRET_ACCESS_KEY');
  return problems;
}

/**
 * The S3 settings of parsed, consistent variables (see `s3EnvProblems`); null when S3 is not
 * configured (local disk). The region defaults to the one an AWS endpoint names, else us-east-1;
 * path-style addressing defaults to on for any endpoint but AWS's own.
 */
export function s3ConfigFrom(env: S3Env): S3Config | null {
  if (!env.S3_URL || !env.S3_BUCKET) return null;
  const host = new URL(env.S3_URL).hostname.toLowerCase();
  const awsRegion = AWS_HOST.exec(host)?.[1];
  return {
    endpoint: env.S3_URL.replace(/\/$/, ''),
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? awsRegion ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : !host.endsWith('.amazonaws.com'),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : null,
  };
}
