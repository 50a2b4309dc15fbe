import { describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../src/server/db/schema';
import { handleApi, type Operation } from '../../src/server/http/api';
import { activateEndpoint } from '../../src/server/http/endpoints/activate';
import { emailChangeEndpoint } from '../../src/server/http/endpoints/email-change';
import { paymentEndpoint } from '../../src/server/http/endpoints/payments';
import { passwordEndpoint } from '../../src/server/http/endpoints/password';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { settleActivationMails } from '../../src/server/signup/activation';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { notificationsEndpoint } from '../../src/server/http/endpoints/notifications';
import { settleOutbox } from '../../src/server/outbox/deliver-outbox';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { sitesWith } from '../helpers/custom-sites';
import { established, MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';
import { useSmtpReceiver } from '../helpers/smtp-receiver';

/**
 * docs/product.md §3 Settings (`public_url`): every absolute URL the server writes comes from the
 * site's configured origin. These calls arrive as the server would build them from a request
 * whose `Host` (and `X-Forwarded-Host`, `original-host`) an attacker chose: the request's URL
 * itself is on `attacker.example`. The default site is configured as a staging server behind TLS
 * on a non-default port (`public_url` https://amora.example:8443), as in production.
 */
const AMORA_ORIGIN = 'https://amora.example:8443';
const smtp = useSmtpReceiver();
const harness = useTestContext({
  SITES_DIR: sitesWith({
    amora: { hosts: ['localhost', '127.0.0.1', 'amora.test', 'amora.example'], public_url: AMORA_ORIGIN },
  }),
});
const ctx = () => ({ ...harness.ctx(), mailer: smtp.mailer() });

const ATTACKER = 'attacker.example';

/** Calls `operations` at `path` with every host header an attacker can set pointing at ATTACKER. */
async function poisoned(
  operations: Operation[],
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; packageName?: string } = {},
) {
  const headers = new Headers({
    host: ATTACKER,
    'x-forwarded-host': ATTACKER,
    'x-forwarded-proto': 'https',
    'original-host': ATTACKER,
    'package-name': options.packageName ?? 'amora',
  });
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(`http://${ATTACKER}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await handleApi(operations, request, ctx(), { clientAddress: '203.0.113.9' });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The last mail to `address` (after the background sends settled), with every link in it. */
async function lastMailTo(address: string) {
  await settleBackgroundMails();
  await settleActivationMails();
  const mail = smtp.received.filter((each) => each.to?.[0]?.address === address).at(-1);
  expect(mail, `a mail to ${address}`).toBeDefined();
  const text = `${mail!.text ?? ''}\n${String(mail!.html ?? '')}`;
  return { text, links: [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]) };
}

/** Every link of the site's own pages in `text` starts with `origin`; nothing names the attacker. */
function expectOnlyOrigin(text: string, links: string[], origin: string, ownPath: RegExp) {
  expect(text).not.toContain(ATTACKER);
  const own = links.filter((link) => ownPath.test(new URL(link).pathname));
  expect(own.length).toBeGreaterThan(0);
  for (const link of own) expect(new URL(link).origin).toBe(origin);
}

describe('links the server writes never follow the request host (docs/product.md §3 Settings)', () => {
  it('a password reset requested with Host: attacker.example mails a link on the configured origin', async () => {
    await loggedInMember(ctx(), 'Reta');
    const answer = await poisoned(passwordEndpoint, '/api/password.php?action=request-reset', {
      method: 'POST',
      body: { email: 'reta@example.com' },
    });
    expect(answer.status).toBe(200);
    const { text, links } = await lastMailTo('reta@example.com');
    expect(text).toMatch(new RegExp(`${AMORA_ORIGIN}/reset-password/do\\?token=[\\w-]{43}`));
    expectOnlyOrigin(text, links, AMORA_ORIGIN, /^\/reset-password/);
  });

  it("another site's reset link is on that site's configured origin, whatever host the request named", async () => {
    await loggedInMember(ctx(), 'Lina', { site: 'lovelane' });
    const answer = await poisoned(passwordEndpoint, '/api/password.php?action=request-reset', {
      method: 'POST',
      body: { email: 'lina@example.com' },
      packageName: 'lovelane',
    });
    expect(answer.status).toBe(200);
    const { text, links } = await lastMailTo('lina@example.com');
    expectOnlyOrigin(text, links, 'https://lovelane.test', /^\/reset-password/);
  });

  it('the password-changed mail links to the reset page on the configured origin', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Pim');
    const answer = await poisoned(passwordEndpoint, '/api/password.php?action=change', {
      method: 'POST',
      body: { currentPassword: MEMBER_PASSWORD, newPassword: 'a-brand-new-secret' },
      cookie,
    });
    expect(answer.status).toBe(200);
    const { text, links } = await lastMailTo('pim@example.com');
    expectOnlyOrigin(text, links, AMORA_ORIGIN, /^\/reset-password/);
  });

  it('the activation mail links to the configured origin', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Ada', { status: 'not_confirmed' });
    const answer = await poisoned(activateEndpoint, '/api/activate.php', { cookie });
    expect(answer.status).toBe(200);
    const { text, links } = await lastMailTo('ada@example.com');
    expectOnlyOrigin(text, links, AMORA_ORIGIN, /^\/activate\/confirm/);
  });

  it('the e-mail change mails (confirm link, undo link) are on the configured origin', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Emma');
    const answer = await poisoned(emailChangeEndpoint, '/api/mailchange.php?action=request', {
      method: 'POST',
      body: { email: 'emma.new@example.org', password: MEMBER_PASSWORD },
      cookie,
    });
    expect(answer.status).toBe(200);
    const confirm = await lastMailTo('emma.new@example.org');
    expectOnlyOrigin(confirm.text, confirm.links, AMORA_ORIGIN, /^\/mail-change\/do/);
    const notice = await lastMailTo('emma@example.com');
    expectOnlyOrigin(notice.text, notice.links, AMORA_ORIGIN, /^\/notifications/);
  });

  it("the payment provider's redirect and webhook URLs are on the configured origin", async () => {
    const { cookie } = await loggedInMember(ctx(), 'Sem', { ...established(ctx()), country: 'NL' });
    const answer = await poisoned(paymentEndpoint, '/api/payment.php', {
      method: 'POST',
      body: { package: 'popular', method: 'ideal' },
      cookie,
    });
    expect(answer.status).toBe(200);
    const [payment] = await ctx().db.select().from(sandboxPayments);
    expect(new URL(payment!.redirectUrl).origin).toBe(AMORA_ORIGIN);
    expect(new URL(payment!.webhookUrl).origin).toBe(AMORA_ORIGIN);
  });

  it('the like mail (profile and unsubscribe links, List-Unsubscribe) is on the configured origin', async () => {
    const liked = await loggedInMember(ctx(), 'Lia', { language: 'en' });
    const fan = await loggedInMember(ctx(), 'Fan');
    const answer = await poisoned(likesEndpoint, '/api/likes.php', {
      method: 'POST',
      body: { profile: liked.id },
      cookie: fan.cookie,
    });
    expect(answer.status).toBe(200);
    await settleOutbox();
    const { text, links } = await lastMailTo('lia@example.com');
    expectOnlyOrigin(text, links, AMORA_ORIGIN, /^\/(unsubscribe|members)/);
    expect(text).toMatch(new RegExp(`${AMORA_ORIGIN}/unsubscribe\\?u=${liked.id}&k=like&s=`));
    const mail = smtp.received.filter((each) => each.to?.[0]?.address === 'lia@example.com').at(-1)!;
    const listUnsubscribe = mail.headers.find((header) => header.key === 'list-unsubscribe')?.value;
    expect(String(listUnsubscribe)).toContain(`<${AMORA_ORIGIN}/unsubscribe?u=${liked.id}&k=like&s=`);
  });
});

describe('a public_url with a port passes the Origin check of every write (docs/product.md §7)', () => {
  const put = (origin: string, cookie: string) =>
    callApi(ctx(), notificationsEndpoint, '/api/notifications.php', {
      method: 'PUT',
      body: { like_mail: false },
      cookie,
      headers: { origin },
    });

  it('accepts Origin https://amora.example:8443 and refuses another port, scheme or host', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Olga');
    expect((await put(AMORA_ORIGIN, cookie)).status).toBe(200);
    for (const origin of ['https://amora.example:9443', 'http://amora.example:8443', 'https://attacker.example:8443'])
      expect((await put(origin, cookie)).status, origin).toBe(403);
  });

  it('development on localhost keeps working beside it: the request’s own loopback origin passes', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Dev');
    expect((await put('http://localhost:4321', cookie)).status).toBe(200);
  });
});
