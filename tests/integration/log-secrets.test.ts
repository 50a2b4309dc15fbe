import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src/server/log/logger';
import { createLogger } from '../../src/server/log/logger';
import { users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

const EMAIL = 'leak.check@example.com';
const PASSWORD = 'Never-In-The-Logs-42';
const TEXT = 'my private words for Ben only';

/** What the process wrote to stdout and stderr while a test ran (the real log destinations). */
let written: string[] = [];
let quietLog: Logger;
beforeEach(() => {
  written = [];
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
  quietLog = ctx().log;
  ctx().log = createLogger('debug');
});
afterEach(async () => {
  ctx().log = quietLog;
  vi.restoreAllMocks();
  for (const table of ['users', 'messages'])
    await ctx().db.execute(sql.raw(`DROP TRIGGER IF EXISTS refuse_insert ON ${table}`));
});

/**
 * Makes every INSERT into `table` fail the way a check constraint does: PostgreSQL's own
 * error then names the row's values in its message and detail ("Failing row contains (…)").
 */
async function refuseInserts(table: 'users' | 'messages', values: string): Promise<void> {
  await ctx().db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'new row violates check constraint: %', ${values}
          USING ERRCODE = '23514', DETAIL = 'Failing row contains (' || ${values} || ').';
      END $$`),
  );
  await ctx().db.execute(
    sql.raw(`CREATE TRIGGER refuse_insert BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_insert()`),
  );
}

/** The captured log as JSON objects (every line must be one), and its raw text. */
function capturedLog() {
  const text = written.join('');
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return { text, entries: lines.map((line) => JSON.parse(line) as Record<string, any>) };
}

describe('the log keeps secrets and personal data out (docs/architecture.md §5 Logging)', () => {
  it('a signup failing in the database logs the failure without the e-mail, the password or its hash', async () => {
    await refuseInserts('users', `NEW.email || ', ' || NEW.password_hash`);
    const signup = await callApi(ctx(), userEndpoint, '/api/user.php', {
      method: 'POST',
      query: { new: 1 },
      body: {
        email: EMAIL,
        name: 'Leaky',
        password: PASSWORD,
        trafficsource: null,
        timezone: 'Europe/Amsterdam',
        country: 'NL',
        language: 'nl',
        profile: null,
        form_path: '/signup',
        referrer: '',
        csrf: 'abc',
        token: null,
        n: 'Mozilla/5.0 test',
      },
    });
    expect(signup.status).toBe(500);
    const log = capturedLog();
    const failure = log.entries.find((entry) => entry.message === 'api handler failed');
    expect(failure?.error).toMatchObject({ code: '23514' });
    expect(log.text).toContain('23514');
    expect(log.text).not.toContain(EMAIL);
    expect(log.text).not.toContain('leak.check');
    expect(log.text).not.toContain(PASSWORD);
    expect(log.text).not.toContain('$argon2');
  });

  it('a message send failing in the database logs the failure without the text', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    await ctx()
      .db.update(users)
      .set({ premiumUntil: new Date('2027-01-01') })
      .where(eq(users.id, anna.id));
    const chat = await callApi(ctx(), chatEndpoint, '/api/chat.php', {
      cookie: anna.cookie,
      query: { profile: ben.id },
    });
    await refuseInserts('messages', 'NEW.text');
    written = [];
    const sent = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation: chat.json.id, text: TEXT },
    });
    expect(sent.status).toBe(500);
    const log = capturedLog();
    expect(log.entries.find((entry) => entry.message === 'api handler failed')?.error).toMatchObject({
      code: '23514',
    });
    expect(log.text).not.toContain(TEXT);
    expect(log.text).not.toContain('private words');
    expect(log.text).not.toContain('anna@example.com');
  });
});
