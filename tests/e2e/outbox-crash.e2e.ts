import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/context';
import { outboxMessages } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/log/logger';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import { freePort, serveBuild } from './server';

/**
 * docs/architecture.md §5 Outbox: a server killed (SIGKILL, like `kill -9`) after the password-reset
 * request committed but before the mail server accepted the mail loses no mail: after a restart the
 * mail arrives, exactly once. The test's mail server holds the first message it is given (DATA is
 * read but never answered), so the server is provably killed mid-send.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-outbox-crash-'));
const dataDir = path.join(work, 'data');
let holding = true;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let env: Record<string, string>;
let server: Awaited<ReturnType<typeof serveBuild>> | null = null;
const start = async () => serveBuild(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'), await freePort(), dataDir, env);

beforeAll(async () => {
  smtp = await startSmtpReceiver({ hold: () => holding });
  env = {
    SEED_ON_START: '0',
    SMTP_URL: smtp.url,
    // An attempt may wait 10 s for the mail server; its lease ends 5 s later.
    OUTBOX_TIMEOUT_MS: '10000',
    OUTBOX_RETRY_BASE_MS: '500',
  };
  server = await start();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const api = (pathname: string, body: unknown, cookie?: string) =>
  fetch(`${server!.url}${pathname}`, {
    method: pathname.includes('new=1') || pathname.includes('action=') ? 'POST' : 'PUT',
    body: JSON.stringify(body),
    headers: { 'package-name': 'amora', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

describe('durable mails (outbox)', () => {
  it(
    'a server killed between the commit and the send delivers the password-reset mail exactly once after a restart',
    { timeout: 180_000 },
    async () => {
      const email = 'crash-reset@example.com';
      const created = await api('/api/user.php?new=1', {
        email,
        name: 'Cleo',
        password: 'first-pass-1',
        language: 'en',
      });
      expect(created.status).toBe(200);
      const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
      expect((await api('/api/user.php', { lastSignupStep: 7 }, cookie)).status).toBe(200);

      const asked = await api('/api/password.php?action=request-reset', { email });
      expect(asked.status).toBe(200);
      // The mail server has the mail's data but has not accepted it: kill the server now.
      await expect.poll(() => smtp.held(), { timeout: 30_000 }).toBe(1);
      await server!.kill();
      server = null;
      expect(smtp.received).toHaveLength(0);

      holding = false;
      server = await start();
      await expect
        .poll(() => smtp.received.filter((mail) => mail.to?.[0]?.address === email).length, { timeout: 60_000 })
        .toBe(1);
      const mail = smtp.received.find((each) => each.to?.[0]?.address === email)!;
      expect(mail.text).toMatch(/\/reset-password\/do\?token=[\w-]{43}/);

      // Exactly once: the row is delivered (two attempts: the killed one and this one), its body is gone,
      // and nothing else reached the mail server.
      await server.stop();
      server = null;
      const ctx = await createContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent' }), {
        log: createLogger('silent'),
      });
      try {
        const rows = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.purpose, 'password_reset'));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'delivered', attempts: 2, payload: null });
      } finally {
        await ctx.database.close();
      }
      expect(smtp.received).toHaveLength(1);
      expect(smtp.held()).toBe(1);
    },
  );
});
