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
import { startPostbackReceiver, type PostbackReceiver } from '../helpers/postback-receiver';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import {
  activationLinkPath,
  affiliateServerEnv,
  expectDeliveredOnce,
  expectedTracking,
  pendingPostbacksAt,
  paidVisits,
  requestActivationMail,
  visitAndSignUp,
  type ShownLanders,
} from './affiliate-journey';
import { useBrowser } from './browser';
import { freePort, freshDataDir, serveBuild } from './server';

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
  env = affiliateServerEnv(receiver, smtp.url);
  // Demo members and the landers' media, as `npm start` would seed them.
  freshDataDir(dataDir);
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

describe('affiliate postbacks (docs/product.md §12)', () => {
  it(
    '50 paid lander visits (accepting, declining or ignoring cookies) become 50 accounts with their values and variant; each signup and activation reaches the network once, through failures and a kill -9',
    { timeout: 400_000 },
    async () => {
      const visits = paidVisits(50, 'pb');
      const shown: ShownLanders = new Map();
      const limit = pLimit(3);
      await Promise.all(
        visits.map((visit, i) =>
          limit(async () => {
            // docs/product.md §3 Consent: the postback carries the visit's values with or without consent.
            const consent = (['granted', 'denied', null] as const)[i % 3]!;
            const { page, lander, variant } = await visitAndSignUp(browser, server.url, visit, consent);
            shown.set(visit.values.clickid, { lander, variant });
            await requestActivationMail(page, server.url);
            await page.context().close();
          }),
        ),
      );
      // Both variants of the experiment were shown.
      expect(new Set([...shown.values()].map((each) => each.variant))).toEqual(new Set(['e2e:v', 'e2e:g', null]));
      const links = await Promise.all(visits.map((visit) => activationLinkPath(smtp.received, visit.email)));

      // Half the members confirm. From then on the network holds every postback request
      // unanswered, and the server is killed while it waits (kill -9: no shutdown code runs);
      // it is started again on the same data and the network answers again.
      receiver.holdAll();
      for (const link of links.slice(0, 25))
        expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);
      await expect.poll(() => receiver.held(), { timeout: 30_000 }).toBeGreaterThan(0);
      await server.kill();
      receiver.release();
      server = await start();
      for (const link of links.slice(25))
        expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);

      await expectDeliveredOnce(receiver, visits, shown, () => pendingPostbacksAt(server.url));

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
        for (const visit of visits)
          expect(accounts.find((account) => account.email === visit.email)).toEqual({
            email: visit.email,
            status: 'active',
            tracking: expectedTracking(visit, shown),
          });
        expect(await ctx.db.$count(conversions)).toBe(100);
        const rows = await ctx.db.select({ status: postbacks.status }).from(postbacks);
        expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(100);
      } finally {
        await ctx.database.close();
      }
    },
  );
});
