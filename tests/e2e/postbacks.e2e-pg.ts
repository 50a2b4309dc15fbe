import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostbackReceiver, type PostbackReceiver } from '../helpers/postback-receiver';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import {
  activationLinkPath,
  affiliateServerEnv,
  expectDeliveredOnce,
  expectedTracking,
  paidVisits,
  requestActivationMail,
  visitAndSignUp,
  type ShownLanders,
} from './affiliate-journey';
import { useBrowser } from './browser';
import { usePgServers } from './pg-servers';
import { holdsConnection } from './processes';

const browser = useBrowser();
const pg = usePgServers('postbacks');
let receiver: PostbackReceiver;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let env: Record<string, string>;

beforeAll(async () => {
  receiver = await startPostbackReceiver({ failFirst: 2 });
  smtp = await startSmtpReceiver();
  env = affiliateServerEnv(receiver, smtp.url);
  pg.seed(40, env);
});
afterAll(async () => {
  await receiver?.close();
  await smtp?.close();
});

describe('affiliate postbacks with two server processes on PostgreSQL (docs/product.md §12)', () => {
  it(
    'delivers every signup and activation once while both processes send, one of them killed mid-delivery',
    { timeout: 400_000 },
    async () => {
      const first = await pg.serve(env);
      const second = await pg.serve(env);
      const visits = paidVisits(24, 'pgpb');
      const shown: ShownLanders = new Map();
      const limit = pLimit(3);
      // Visits alternate between the processes, as behind a load balancer.
      await Promise.all(
        visits.map((visit, i) =>
          limit(async () => {
            const server = i % 2 === 0 ? first : second;
            const { page, lander, variant } = await visitAndSignUp(browser, server.url, visit);
            shown.set(visit.values.clickid, { lander, variant });
            await requestActivationMail(page, server.url);
            await page.context().close();
          }),
        ),
      );
      const links = await Promise.all(visits.map((visit) => activationLinkPath(smtp.received, visit.email)));

      // From now on the network holds every postback request unanswered.
      receiver.holdAll();
      for (const [i, link] of links.entries()) {
        const server = i % 2 === 0 ? first : second;
        expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);
      }
      await expect.poll(() => receiver.held(), { timeout: 30_000 }).toBeGreaterThan(0);
      // Kill the process that sent the first held request (SIGKILL, mid-delivery); then the network
      // answers again, and the other process takes the killed one's postbacks over when their lease ends.
      const senderPort = receiver.heldPorts()[0]!;
      const sender = [first, second].find((server) => holdsConnection(server.pid, senderPort));
      expect(sender).toBeDefined();
      await sender!.kill();
      receiver.release();

      await expectDeliveredOnce(receiver, visits, shown, async () => {
        const [row] = await pg.query<{ n: string }>("SELECT count(*) AS n FROM postbacks WHERE status = 'pending'");
        return Number(row!.n);
      });

      const accounts = await pg.query<{ email: string; tracking: unknown; status: string }>(
        'SELECT email, tracking, status FROM users WHERE NOT is_demo',
      );
      expect(accounts).toHaveLength(visits.length);
      for (const visit of visits)
        expect(accounts.find((account) => account.email === visit.email)).toEqual({
          email: visit.email,
          status: 'active',
          tracking: expectedTracking(visit, shown),
        });
      const statuses = await pg.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM postbacks GROUP BY status',
      );
      expect(statuses).toEqual([{ status: 'delivered', n: String(2 * visits.length) }]);
    },
  );
});
