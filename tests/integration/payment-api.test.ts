import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentTransactions, users } from '../../src/server/db/schema';
import { paymentEndpoint, transactionEndpoint } from '../../src/server/http/endpoints/payments';
import { paymentWebhookResponse } from '../../src/server/http/payment-webhook';
import { settleBackgroundMails } from '../../src/server/outbox/background-mail';
import { createMailer } from '../../src/server/platform/mail/mailer';
import type { SandboxProvider } from '../../src/server/payments/sandbox-provider';
import { settleTransaction } from '../../src/server/payments/settle-transaction';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { established } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';
import { startSmtpReceiver } from '../helpers/smtp-receiver';

/** docs/product.md §11: the purchase, transaction and webhook calls on real handlers. */
const { ctx } = useTestContext();
const start = (body: unknown, cookie?: string) =>
  callApi(ctx(), paymentEndpoint, '/api/payment.php', { method: 'POST', body, cookie });
const view = (id: string) => callApi(ctx(), transactionEndpoint, '/api/transaction.php', { query: { id } });
const webhook = (body: string, contentType = 'application/x-www-form-urlencoded', address = '127.0.0.1') =>
  paymentWebhookResponse(
    ctx(),
    new Request(`${ORIGIN}/api/payment_webhook.php`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }),
    address,
  );
const credits = async (id: number) =>
  (await ctx().db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]!.credits;

describe('POST /api/payment.php', () => {
  it('needs a login, and refuses bad input with nothing written', async () => {
    expect((await start({ package: 'popular', method: 'ideal' })).json.error.code).toBe('not_logged_in');
    const { cookie } = await loggedInMember(ctx(), 'Noor', { ...established(ctx()), country: 'NL' });
    for (const body of [
      { package: 'popular' },
      { package: 'POPULAR!', method: 'ideal' },
      { package: 'popular', method: 'cash' },
      { package: 'popular', method: 'ideal', return_path: 'https://evil.example/' },
      { package: 'popular', method: 'ideal', return_path: '//evil.example/' },
      { package: 'popular', method: 'ideal', amount_cents: 1 },
    ]) {
      const answer = await start(body, cookie);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await start({ package: 'gold', method: 'ideal' }, cookie)).status).toBe(404);
    expect((await start({ package: 'popular', method: 'blik' }, cookie)).json.error.code).toBe('method_not_available');
    expect(await ctx().db.select().from(paymentTransactions)).toEqual([]);
  });

  it("starts the member's purchase at their country's price and answers the checkout URL", async () => {
    const { cookie, id } = await loggedInMember(ctx(), 'Sem', { ...established(ctx()), country: 'NL' });
    const answer = await start({ package: 'popular', method: 'ideal', return_path: '/chats/3' }, cookie);
    expect(answer.status).toBe(200);
    expect(answer.json.checkout_url).toMatch(/^\/payments\/sandbox\/tr_sb_/);
    const [row] = await ctx().db.select().from(paymentTransactions);
    expect(row).toMatchObject({ userId: id, publicId: answer.json.transaction, currency: 'EUR', amountCents: 1999 });
    expect(row!.returnPath).toBe('/chats/3');
  });
});

describe('GET /api/transaction.php and the webhook', () => {
  it('shows a transaction to anyone with its id, settles it from the webhook once, and ignores strangers', async () => {
    const { cookie, id } = await loggedInMember(ctx(), 'Lotte', { ...established(ctx()), country: 'NL' });
    const started = (await start({ package: 'starter', method: 'ideal' }, cookie)).json;
    const before = await credits(id);
    expect((await view(started.transaction)).json).toMatchObject({ status: 'open', credits: 50, currency: 'EUR' });
    expect((await view('A'.repeat(22))).status).toBe(404);
    expect((await view('short')).status).toBe(422);

    const paymentId = started.checkout_url.split('/').pop();
    await (ctx().payments as SandboxProvider).complete(paymentId, 'paid');
    expect((await webhook('')).status).toBe(400);
    expect((await webhook('id=not%20an%20id')).status).toBe(400);
    expect((await webhook('id=tr_sb_somebody_else')).status).toBe(200);
    expect(await credits(id)).toBe(before);
    const deliveries = await Promise.all([1, 2, 3].map(() => webhook(`id=${paymentId}`)));
    expect(deliveries.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await credits(id)).toBe(before + 50);
    expect((await view(started.transaction)).json.status).toBe('paid');
    expect(await credits(id)).toBe(before + 50);
  });
});

describe('the receipt', () => {
  it('mails one receipt per paid purchase with amount, VAT, reference and the seller, in the member’s language', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const mailing = { ...ctx(), mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' }) };
      const { cookie } = await loggedInMember(ctx(), 'Fenna', { ...established(ctx()), country: 'NL', language: 'nl' });
      const started = (await start({ package: 'popular', method: 'ideal' }, cookie)).json;
      const paymentId = started.checkout_url.split('/').pop();
      await (ctx().payments as SandboxProvider).complete(paymentId, 'paid');
      await Promise.all([1, 2, 3].map(() => settleTransaction(mailing, paymentId)));
      await settleBackgroundMails();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.subject).toBe('Je bon van Amora');
      expect(mail.text).toContain('Credits: 140');
      expect(mail.text).toMatch(/Betaald bedrag: €\s19,99/);
      expect(mail.text).toMatch(/Inclusief btw \(21%\): €\s3,47/);
      expect(mail.text).toContain(`Referentie: ${started.transaction}`);
      expect(mail.text).toContain('Amora Digital B.V. · Herengracht 182 · 1016 BR Amsterdam · NL000000001B01');
    } finally {
      await smtp.close();
    }
  });
});
