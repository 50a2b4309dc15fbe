import { S3_ENV_SCHEMA, s3ConfigFrom, s3EnvProblems, type S3Config } from './s3-config';

/**
 * The bucket a CDN serves the landers from (docs/architecture.md §3 Landers on a CDN): the same
 * settings as the uploads' S3 storage under the prefix `LANDERS_` (`LANDERS_S3_URL`,
 * `LANDERS_S3_BUCKET`, `LANDERS_S3_REGION`, `LANDERS_S3_ACCESS_KEY_ID`,
 * `LANDERS_S3_SECRET_ACCESS_KEY`, `LANDERS_S3_FORCE_PATH_STYLE`), with the same rules
 * (storage/s3-config.ts). A separate bucket: the landers are public, uploads are not.
 */
const PREFIX = 'LANDERS_';

type LandersEnvName = `LANDERS_${keyof typeof S3_ENV_SCHEMA}`;

/** The LANDERS_S3_* variables, merged into the configuration schema of src/server/config.ts. */
export const LANDERS_S3_ENV_SCHEMA = Object.fromEntries(
  Object.entries(S3_ENV_SCHEMA).map(([name, schema]) => [`${PREFIX}${name}`, schema]),
) as { [K in keyof typeof S3_ENV_SCHEMA as `LANDERS_${K}`]: (typeof S3_ENV_SCHEMA)[K] };

function unprefixed(env: object): Partial<Record<keyof typeof S3_ENV_SCHEMA, string>> {
  return Object.fromEntries(
    Object.keys(S3_ENV_SCHEMA).map((name) => [
      name,
      (env as Partial<Record<LandersEnvName, string>>)[`${PREFIX}${name}` as LandersEnvName],
    ]),
  );
}

/** Problems between the LANDERS_S3_* variables (`s3EnvProblems`), named with their prefix. */
export function landersS3EnvProblems(env: object): string[] {
  return s3EnvProblems(unprefixed(env)).map((problem) => problem.replace(/\bS3_/g, `${PREFIX}S3_`));
}

/** The landers' bucket settings, or null when LANDERS_S3_URL and LANDERS_S3_BUCKET are not set. */
export function landersS3ConfigFrom(env: object): S3Config | null {
  return s3ConfigFrom(unprefixed(env));
}
