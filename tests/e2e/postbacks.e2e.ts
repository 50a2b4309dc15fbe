import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createContext } from '../../src/server/context';
import { conversions, postbacks, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/log/logger';
import { sitesWithAffiliates, startPostbackReceiver, type PostbackReceiver } from '../helpers/postback-receiver';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import { acceptedFor, affiliateSettings, paidVisits, requestActivationMail, visitAndSignUp } from './affiliate-journey';
import { useBrowser } from './browser';
import { freePort, serveBuild } from './server';

const browser = useBrowser();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-postbacks-'));
const dataDir = path.join(work, 'data');
let receiver: PostbackReceiver;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let env: Record<string, string>;
let server: Awaited<ReturnType<typeof serveBuild>>;
const start = async () => serveBuild(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'), await freePort(), dataDir, env);

beforeAll(async () => {
  receiver = await startPostbackReceiver({ failFirst: 2 });
  smtp = await startSmtpReceiver();
  env = {
    SITES_DIR: sitesWithAffiliates({ amora: affiliateSettings(receiver) }),
    SMTP_URL: smtp.url,
    POSTBACK_RETRY_BASE_MS: '300',
    POSTBACK_TIMEOUT_MS: '1500',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
    // The refused attempts are logged as warnings; the test makes them on purpose.
    LOG_LEVEL: 'error',
  };
  // Demo members and the landers' media, as `npm start` would seed them.
  const seeded = spawnSync('tsx', ['src/server/db/seed/cli.ts'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, SEED_MEMBERS: '40', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  expect(seeded.status).toBe(0);
  server = await start();
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await smtp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The path and query of the activation link mailed to `email`, once it arrived. */
async function activationLink(email: string): Promise<string> {
  await expect
    .poll(() => smtp.received.some((mail) => mail.to?.[0]?.address === email), { timeout: 30_000 })
    .toBe(true);
  const mail = smtp.received.find((each) => each.to?.[0]?.address === email)!;
  const link = new URL(/https?:\/\/\S+\/activate\/confirm\?token=[\w-]+/.exec(mail.text ?? '')![0]);
  return `${link.pathname}${link.search}`;
}

describe('affiliate postbacks (docs/product.md §12)', () => {
  it(
    '50 paid lander visits become 50 accounts with their values and variant; each signup and activation reaches the network once, through failures and a kill -9',
    { timeout: 400_000 },
    async () => {
      const visits = paidVisits(50, 'pb');
      const shown = new Map<string, { lander: string; variant: string | null }>();
      const limit = pLimit(3);
      await Promise.all(
        visits.map((visit) =>
          limit(async () => {
            const { page, lander, variant } = await visitAndSignUp(browser, server.url, visit);
            shown.set(visit.values.clickid, { lander, variant });
            await requestActivationMail(page, server.url);
            await page.context().close();
          }),
        ),
      );
      // Both variants of the experiment were shown.
      expect(new Set([...shown.values()].map((each) => each.variant))).toEqual(new Set(['e2e:v', 'e2e:g', null]));
      const links = await Promise.all(visits.map((visit) => activationLink(visit.email)));

      // Half the members confirm; the next postback request is held unanswered and the server is
      // killed while it waits (kill -9: no shutdown code runs), then started again on the same data.
      receiver.hold(1);
      for (const link of links.slice(0, 25))
        expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);
      await expect.poll(() => receiver.held(), { timeout: 30_000 }).toBe(1);
      await server.kill();
      server = await start();
      for (const link of links.slice(25))
        expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);

      await expect.poll(() => receiver.accepted.length, { timeout: 90_000, interval: 1000 }).toBe(100);
      for (const visit of visits) {
        expect(acceptedFor(receiver, visit.values.clickid), visit.email).toEqual({ signup: 1, activation: 1 });
        const signup = receiver.accepted.find(
          (each) => each.query.cid === visit.values.clickid && each.query.event === 'signup',
        )!;
        const { lander, variant } = shown.get(visit.values.clickid)!;
        expect(signup.path).toBe(`/${visit.values.network}`);
        expect(signup.query).toMatchObject({
          net: visit.values.network,
          ref: visit.values.ref,
          s1: visit.values.sub1,
          s2: visit.values.sub2,
          s3: visit.values.sub3,
          lander,
          variant: variant ?? '',
          payout: '1.00',
        });
        // The network refused the first two attempts of each event.
        expect(receiver.received.filter((each) => each.query.id === signup.query.id).length).toBeGreaterThanOrEqual(3);
      }
      // Nothing more arrives later (no second delivery of the held or any other postback).
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(receiver.accepted).toHaveLength(100);

      // The accounts, read from the server's own database once it stopped.
      await server.stop();
      const ctx = await createContext(
        loadConfig({ DATA_DIR: dataDir, SITES_DIR: env.SITES_DIR, NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
        { log: createLogger('silent') },
      );
      try {
        const accounts = await ctx.db
          .select({ email: users.email, tracking: users.tracking, status: users.status })
          .from(users)
          .where(eq(users.isDemo, false));
        expect(accounts).toHaveLength(50);
        for (const visit of visits) {
          const { lander, variant } = shown.get(visit.values.clickid)!;
          expect(accounts.find((account) => account.email === visit.email)).toEqual({
            email: visit.email,
            status: 'active',
            tracking: { ...visit.values, lander, ...(variant ? { variant } : {}) },
          });
        }
        expect(await ctx.db.$count(conversions)).toBe(100);
        const rows = await ctx.db.select({ status: postbacks.status }).from(postbacks);
        expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(100);
      } finally {
        await ctx.database.close();
      }
    },
  );
});
