import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { E2E_OPERATOR_PASSWORD, enrolOperator } from './console';

/**
 * An operator who lost their authenticator (docs/product.md §13 Access): an admin resets their
 * access from the operators section; the operator's open console session ends, the old password
 * no longer logs in, and the new one-time setup link the admin passes on enrols them again.
 */
const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe('operator access reset', () => {
  it('an admin resets a lost authenticator and the operator enrols again through the new link', async () => {
    const lost = await browser.newPage(DESKTOP);
    await enrolOperator(browser, lost, 'lost@ops.test');
    const admin = await browser.newPage(DESKTOP);
    await enrolOperator(browser, admin, 'keys@ops.test', '/admin/operators');

    const row = admin.getByRole('row').filter({ hasText: 'lost@ops.test' });
    await row.getByRole('button', { name: 'Reset access' }).click();
    await row.getByRole('group', { name: 'Reset access' }).getByRole('button', { name: 'Reset access' }).click();
    const notice = admin.getByRole('status').filter({ hasText: 'Access of lost@ops.test reset' });
    const link = (await notice.locator('.admin-mono').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${browser.baseURL}/admin/setup\\?token=[\\w-]{43}$`));
    await browser.screenshot(admin, 'console-operator-reset');

    // The operator's open session ended: the console sends them to the log-in, where the old
    // password is refused (the one 401 this journey expects).
    browser.allowConsoleError(/admin\/login.*status of 401/);
    await lost.reload();
    await lost.waitForURL('**/admin/login**');
    await browser.waitForIslands(lost);
    await lost.getByLabel('E-mail address').fill('lost@ops.test');
    await lost.getByLabel('Password').fill(E2E_OPERATOR_PASSWORD);
    await lost.getByRole('button', { name: 'Continue' }).click();
    await lost.getByRole('alert').waitFor();

    // The new link sets a password; the log-in after it enrols a new authenticator.
    await lost.goto(link);
    await browser.waitForIslands(lost);
    await lost.getByLabel('New password').fill('a-new-console-password');
    await lost.getByLabel('Repeat the password').fill('a-new-console-password');
    await lost.getByRole('button', { name: 'Set password' }).click();
    await lost.getByRole('link', { name: 'Go to the log-in' }).click();
    await lost.waitForURL('**/admin/login');
    await browser.waitForIslands(lost);
    await lost.getByLabel('E-mail address').fill('lost@ops.test');
    await lost.getByLabel('Password').fill('a-new-console-password');
    await lost.getByRole('button', { name: 'Continue' }).click();
    await lost.getByTestId('totp-secret').waitFor();
    expect(await lost.locator('.admin-qr svg').count()).toBe(1);
  });
});
