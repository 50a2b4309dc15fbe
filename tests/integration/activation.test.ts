import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailActivations, users } from '../../src/server/db/schema';
import { activateEndpoint } from '../../src/server/http/endpoints/activate';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { confirmActivation, settleActivationMails } from '../../src/server/signup/activation';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

const smtp = useSmtpReceiver();
const harness = useTestContext();
const ctx = () => ({ ...harness.ctx(), mailer: smtp.mailer() });

async function member(language = 'de'): Promise<string> {
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: {
      email: `a${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Anja',
      password: 'secret-pass',
      language,
    },
  });
  return sessionCookieFrom(created.cookies);
}
const poll = (cookie?: string) => callApi(ctx(), activateEndpoint, '/api/activate.php', { cookie });

describe('activation mail (docs/product.md §2 step 6)', () => {
  it('sends one localized mail over SMTP, reports delivered, and the link confirms the account', async () => {
    const cookie = await member('de');
    const before = smtp.received.length;
    expect((await poll(cookie)).json).toEqual({ delivered: false });
    expect((await poll(cookie)).json).toEqual({ delivered: false });
    await settleActivationMails();
    expect((await poll(cookie)).json).toEqual({ delivered: true });
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.subject).toContain('Amora');
    expect(mail.text).toContain('Anja');
    const link = /http:\/\/localhost:4321\/activate\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));

    const token = new URL(link!).searchParams.get('token')!;
    expect(await confirmActivation(ctx(), token)).toBe('done');
    const [row] = await ctx().db.select().from(users);
    expect(row!.status).toBe('active');
    expect(await confirmActivation(ctx(), token)).toBe('invalid');
    expect((await poll(cookie)).json).toEqual({ delivered: true });
  });

  it('refuses expired and unknown links', async () => {
    const cookie = await member('en');
    await poll(cookie);
    await settleActivationMails();
    const link = /token=([\w-]+)/.exec(smtp.received.at(-1)!.text ?? '')![1]!;
    harness.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await confirmActivation(ctx(), link)).toBe('expired');
    expect(await confirmActivation(ctx(), 'x'.repeat(43))).toBe('invalid');
    expect(await confirmActivation(ctx(), '<script>')).toBe('invalid');
    const [row] = await ctx().db.select().from(users);
    expect(row!.status).toBe('not_confirmed');
  });

  it('needs a login', async () => {
    expect((await poll()).status).toBe(403);
    expect(await ctx().db.select().from(emailActivations).where(eq(emailActivations.userId, 1))).toHaveLength(0);
  });
});

describe('activation link host', () => {
  it('uses original-host only when it is one of the site hosts', async () => {
    const cookie = await member('en');
    await callApi(ctx(), activateEndpoint, '/api/activate.php', {
      cookie,
      headers: { 'original-host': 'evil.example' },
    });
    await settleActivationMails();
    expect(smtp.received.at(-1)!.text).toContain('http://localhost:4321/activate/confirm?token=');
    expect(smtp.received.at(-1)!.text).not.toContain('evil.example');
  });
});
