import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import * as buyers from './buyers';

/**
 * docs/product.md §11 `/transactions/:transactionId` on the built app: the server renders the state
 * it knows (asking the provider while the payment is open), so a paid payment never shows
 * "Waiting for your payment…" first — not even before scripts run; an unknown id answers 404.
 */
const browser = useBrowser();

describe('the transaction page', () => {
  it('renders a paid payment as paid in its HTML, and answers 404 for an unknown id', async () => {
    const page = await buyers.dutchMember(browser);
    const started = await page.request.post(`${browser.baseURL}/api/payment.php`, {
      headers: { 'package-name': 'amora', 'content-type': 'application/json', origin: browser.baseURL },
      data: JSON.stringify({ package: 'starter', method: 'ideal' }),
    });
    expect(started.status()).toBe(200);
    const { transaction, checkout_url: checkoutUrl } = (await started.json()) as {
      transaction: string;
      checkout_url: string;
    };
    const html = async (path: string) => {
      const answer = await page.request.get(`${browser.baseURL}${path}`, { headers: { 'package-name': 'amora' } });
      return { status: answer.status(), text: await answer.text() };
    };

    const open = await html(`/transactions/${transaction}`);
    expect(open.status).toBe(200);
    expect(open.text).toContain('Waiting for your payment');
    expect(open.text).toContain('data-status="open"');

    await page.goto(`${browser.baseURL}${checkoutUrl}`);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/transactions/**');
    // The page as the server sends it, before any script: already paid.
    const paid = await html(`/transactions/${transaction}`);
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('Payment received');
    expect(paid.text).toContain('data-status="paid"');
    expect(paid.text).not.toContain('Waiting for your payment');

    const unknown = await html(`/transactions/${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('Waiting for your payment');
    expect(unknown.text).not.toContain('data-testid="transaction"');
  });
});
