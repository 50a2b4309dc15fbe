import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../helpers/smtp-receiver';
import { useBrowser } from './browser';
import { usePgServers } from './pg-servers';

/**
 * docs/product.md §10 Complete-signup reminder, end to end on PostgreSQL: a member stops the
 * wizard, the account turns 24 h old (the test moves `created_at` back in the database), a
 * server process's periodic job mails the reminder to a test SMTP server, and its link logs a
 * fresh browser in at the step where the member stopped (her `lastSignupStep`); the link then works no more.
 * Own database (`e2e_reminder`, recreated) so the shared servers' jobs never see this member.
 */
const browser = useBrowser();
const postgres = usePgServers('e2e_reminder');
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const serve = () => postgres.serve({ SMTP_URL: smtp.url });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp?.close();
});

describe('complete-signup reminder on PostgreSQL', () => {
  it('mails a member who stopped the wizard once, and the link resumes the wizard logged in', async () => {
    const first = await serve();
    const email = `reminder-${Date.now()}@example.com`;
    const api = (pathname: string, init: RequestInit, cookie?: string) =>
      fetch(`${first.url}${pathname}`, {
        ...init,
        headers: { 'package-name': 'amora', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      });
    const created = await api('/api/user.php?new=1', {
      method: 'POST',
      body: JSON.stringify({ email, name: 'Rita', password: 'reminder-pass-1', language: 'en' }),
    });
    expect(created.status).toBe(200);
    const cookie = created.headers.getSetCookie()[0]!.split(';')[0]!;
    // She reached the location step (3) and left the wizard there.
    const saved = await api('/api/user.php', { method: 'PUT', body: JSON.stringify({ lastSignupStep: 3 }) }, cookie);
    expect(saved.status).toBe(200);

    await postgres.query(`UPDATE users SET created_at = now() - interval '25 hours' WHERE email = $1`, [email]);
    // A process started now runs its jobs within seconds (the first server's first run may have passed).
    await serve();
    const secondStarted = Date.now();
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to?.[0]?.address === email).length, { timeout: 20_000 })
      .toBe(1);
    const mail = smtp.received.find((each) => each.to?.[0]?.address === email)!;
    expect(mail.subject).toBe('Your Amora profile is almost ready');
    const link = /https?:\/\/\S+\/complete-signup\?token=[\w-]{43}/.exec(mail.text ?? '')![0];
    const rows = await postgres.query<{ sent: boolean }>(
      'SELECT signup_reminder_sent_at IS NOT NULL AS sent FROM users WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ sent: true }]);

    // A new device, not logged in: the link logs in and the wizard opens where she stopped.
    const page = await browser.newPage();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, first.url));
    await page.waitForURL('**/signup');
    await browser.waitForIslands(page);
    await expect.poll(() => page.locator('[data-testid="step-3"]').isVisible(), { timeout: 10_000 }).toBe(true);
    const me = await page.request.get(`${first.url}/api/user.php`, { headers: { 'package-name': 'amora' } });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    await browser.screenshot(page, 'complete-signup-resumed');

    // Used once: a second opening is the friendly error page, not a second log-in.
    const again = await browser.newPage();
    await again.goto(link.replace(/^https?:\/\/[^/]+/, first.url));
    await again.waitForURL('**/complete-signup/error?reason=invalid');
    await expect.poll(() => again.getByTestId('complete-signup-error').isVisible()).toBe(true);

    // Both processes have run the job by now (first run 5 s after start): still one reminder.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, secondStarted + 6_500 - Date.now())));
    expect(smtp.received.filter((each) => each.to?.[0]?.address === email)).toHaveLength(1);
  });
});
