import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitesWithAffiliates, startPostbackReceiver, type PostbackReceiver } from '../helpers/postback-receiver';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import { acceptedFor, affiliateSettings, paidVisits, requestActivationMail, visitAndSignUp } from './affiliate-journey';
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
  env = {
    SITES_DIR: sitesWithAffiliates({ amora: affiliateSettings(receiver) }),
    SMTP_URL: smtp.url,
    POSTBACK_RETRY_BASE_MS: '300',
    POSTBACK_TIMEOUT_MS: '1500',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
    LOG_LEVEL: 'error',
  };
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
      const shown = new Map<string, { lander: string; variant: string | null }>();
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
      await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(visits.length);
      const links = visits.map((visit) => {
        const mail = smtp.received.find((each) => each.to?.[0]?.address === visit.email)!;
        const link = new URL(/https?:\/\/\S+\/activate\/confirm\?token=[\w-]+/.exec(mail.text ?? '')![0]);
        return `${link.pathname}${link.search}`;
      });

      // The next postback request is held unanswered.
      receiver.hold(1);
      for (const [i, link] of links.entries()) {
        const server = i % 2 === 0 ? first : second;
        expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);
      }
      await expect.poll(() => receiver.held(), { timeout: 30_000 }).toBe(1);
      // Kill the process that sent the held request (SIGKILL, mid-delivery); the other one takes
      // the row over when its lease ends.
      const senderPort = receiver.heldPorts()[0]!;
      const sender = [first, second].find((server) => holdsConnection(server.pid, senderPort));
      expect(sender).toBeDefined();
      await sender!.kill();

      await expect.poll(() => receiver.accepted.length, { timeout: 90_000, interval: 1000 }).toBe(2 * visits.length);
      for (const visit of visits) {
        expect(acceptedFor(receiver, visit.values.clickid), visit.email).toEqual({ signup: 1, activation: 1 });
        const signup = receiver.accepted.find(
          (each) => each.query.cid === visit.values.clickid && each.query.event === 'signup',
        )!;
        const { lander, variant } = shown.get(visit.values.clickid)!;
        expect(signup.query).toMatchObject({
          net: visit.values.network,
          s1: visit.values.sub1,
          lander,
          variant: variant ?? '',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(receiver.accepted).toHaveLength(2 * visits.length);

      const accounts = await pg.query<{ email: string; tracking: unknown; status: string }>(
        'SELECT email, tracking, status FROM users WHERE NOT is_demo',
      );
      expect(accounts).toHaveLength(visits.length);
      for (const visit of visits) {
        const { lander, variant } = shown.get(visit.values.clickid)!;
        expect(accounts.find((account) => account.email === visit.email)).toEqual({
          email: visit.email,
          status: 'active',
          tracking: { ...visit.values, lander, ...(variant ? { variant } : {}) },
        });
      }
      const statuses = await pg.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM postbacks GROUP BY status',
      );
      expect(statuses).toEqual([{ status: 'delivered', n: String(2 * visits.length) }]);
    },
  );
});
