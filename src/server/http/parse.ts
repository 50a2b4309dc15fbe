import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES } from '~/shared/constants';
import { issueMessageKey } from '~/shared/contracts/issue-keys';
import { fail, ok, type ApiIssue, type Result } from '~/shared/errors';

/**
 * zod issues → `{ path, message }` with an i18n key as message: the contract's own key, else the
 * generic key of the issue's kind (`issueMessageKey`), never zod's English.
 */
export function toIssues(error: z.ZodError, input?: unknown): ApiIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessageKey(issue, input) }));
}

/**
 * Parses the query string with a strict schema. Empty values count as absent.
 * Unknown parameters → `unknown_parameter`; bad values → `validation_failed`.
 */
export function parseQuery<S extends z.ZodType>(
  url: URL,
  schema: S,
): Result<z.output<S>, 'unknown_parameter' | 'validation_failed'> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (value !== '' && !(key in raw)) raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return ok(parsed.data);
  const issues = toIssues(parsed.error, raw);
  const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
  return fail(unknown ? 'unknown_parameter' : 'validation_failed', undefined, issues);
}

/**
 * Reads a JSON body of at most MAX_JSON_BODY_BYTES and parses it with `schema`.
 * Failures: `unsupported_media_type`, `payload_too_large`, `invalid_json`, `validation_failed`.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<Result<z.output<S>, 'unsupported_media_type' | 'payload_too_large' | 'invalid_json' | 'validation_failed'>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) return fail('unsupported_media_type');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BODY_BYTES) return fail('payload_too_large');
  const bytes = await readLimitedBytes(request, MAX_JSON_BODY_BYTES);
  if (bytes === null) return fail('payload_too_large');
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('invalid_json');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return fail('validation_failed', undefined, toIssues(parsed.error, json));
  return ok(parsed.data);
}

/** The body's bytes, or null once it passes `limit` bytes (the rest is not read). */
export async function readLimitedBytes(request: Request, limit: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
