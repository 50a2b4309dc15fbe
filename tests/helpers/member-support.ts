import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { auditLog, users } from '../../src/server/db/schema';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { createMailer } from '../../src/server/platform/mail/mailer';
import type { OperatorRole } from '../../src/shared/contracts/admin/roles';
import { callApi, sessionCookieFrom } from './api';
import { useTestContext } from './context';
import { MEMBER_PASSWORD } from './factories';
import { callAdmin, loggedInOperator } from './operators';
import { purchaseHelpers } from './purchases';
import { startSmtpReceiver } from './smtp-receiver';

/**
 * The setting of the console's members tests (docs/product.md §13 Members): a test context whose
 * mails go to a local SMTP receiver (emptied before each test), purchases, operators of a role,
 * operator calls, a member's audit rows and account row, and a member's log-in cookie.
 */
export function useMemberSupportHarness() {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());
  const harness = useTestContext();
  const { clock } = harness;
  const ctx = (): AppContext => ({
    ...harness.ctx(),
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
  });
  beforeEach(async () => {
    await settleBackgroundMails();
    smtp.received.length = 0;
  });
  return {
    ctx,
    clock,
    p: purchaseHelpers(ctx, clock),
    /** Mails the receiver got for `address`, once the background sends have settled. */
    mailsTo: async (address: string) => {
      await settleBackgroundMails();
      return smtp.received.filter((mail) => mail.to?.some((to) => to.address === address));
    },
    operator: (role: OperatorRole) => loggedInOperator(ctx(), role),
    admin: (cookie: string, path: string, options: Parameters<typeof callAdmin>[2] = {}) =>
      callAdmin(ctx(), path, { cookie, ...options }),
    auditOf: (memberId: number) =>
      ctx()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'member'), eq(auditLog.objectId, String(memberId)))),
    userRow: async (id: number) => (await ctx().db.select().from(users).where(eq(users.id, id)))[0]!,
    /** A member's session cookie through the real log-in. */
    memberCookie: async (email: string, site = 'amora'): Promise<string> => {
      const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
        method: 'POST',
        body: { email, password: MEMBER_PASSWORD },
        packageName: site,
      });
      expect(login.status).toBe(200);
      return sessionCookieFrom(login.cookies);
    },
  };
}

export const DAY_MS = 24 * 60 * 60_000;
