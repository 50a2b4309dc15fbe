import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { useOwnServer } from './server';

// The push offers need notification permission "default", which only the full browser gives.
const browser = useBrowser({ browser: 'full' });
const own = useOwnServer('wizard');

const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };

/** `screenshots/wizard-{name}-{width}.png`. */
const shot = (page: Page, name: string) => browser.screenshot(page, `wizard-${name}`);

async function startSignup(page: Page, email: string, name: string) {
  await page.goto(`${own.server.url}/signup`);
  await browser.waitForIslands(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('E-mail address').blur();
  // docs/product.md §5: the empty name is prefilled from the address; then the member types their own.
  await expect.poll(() => page.getByLabel('Your first name').inputValue()).not.toBe('');
  await page.getByLabel('Your first name').fill(name);
  await page.getByLabel('Choose a password').fill('wizard-pass');
  await shot(page, 'step0');
  await page.getByRole('button', { name: 'Continue' }).click();
  try {
    await page.waitForSelector('[data-testid="step-1"], [data-testid="step-3"]', { timeout: 10_000 });
  } catch (error) {
    await shot(page, 'step0-failed');
    throw error;
  }
}

describe('signup wizard, steps 0–7', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`walks every step to a confirmed account at ${viewport.width}px`, async () => {
      const page = await browser.newPage({
        viewport,
        geolocation: AMSTERDAM,
        permissions: ['geolocation', 'notifications'],
      });
      await page.addInitScript(() => {
        window.addEventListener(
          'signup-flow-complete',
          () => ((window as unknown as { __complete: number }).__complete = 1),
        );
      });
      const email = `wizard-${viewport.width}-${Date.now()}@gmail.com`;
      await startSignup(page, email, 'Wendy');

      const step1 = page.getByTestId('step-1');
      await expect.poll(() => step1.isVisible(), { timeout: 10_000 }).toBe(true);
      await shot(page, 'step1');
      await step1.getByRole('button', { name: 'Skip for now' }).click();

      const step2 = page.getByTestId('step-2');
      await expect.poll(() => step2.isVisible()).toBe(true);
      const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#e07a8f' } })
        .jpeg()
        .toBuffer();
      await page.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect
        .poll(() => step2.getByRole('img', { name: 'Your new profile photo' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await shot(page, 'step2');
      await step2.getByRole('button', { name: 'Continue' }).click();

      const step3 = page.getByTestId('step-3');
      await expect.poll(() => step3.isVisible()).toBe(true);
      await expect.poll(() => step3.getByLabel('Country').inputValue(), { timeout: 10_000 }).toBe('NL');
      await expect.poll(() => step3.getByLabel('Region (optional)').inputValue()).toBe('NH');
      expect(await step3.getByLabel('City (optional)').inputValue()).toBe('Amsterdam');
      await shot(page, 'step3');
      await step3.getByRole('button', { name: 'Save location' }).click();

      const step4 = page.getByTestId('step-4');
      await expect.poll(() => step4.isVisible()).toBe(true);
      await step4.getByLabel('I am a (optional)').selectOption('female');
      await step4.getByLabel('Day').selectOption('12');
      await step4.getByLabel('Month').selectOption('04');
      await step4.getByLabel('Year').selectOption('1990');
      await expect.poll(() => step4.getByLabel('Looking for (optional)').count()).toBe(1);
      await step4.getByLabel('Looking for (optional)').selectOption('male');
      await shot(page, 'step4');
      await step4.getByRole('button', { name: 'Continue' }).click();

      const step5 = page.getByTestId('step-5');
      await expect.poll(() => step5.isVisible()).toBe(true);
      expect(await step5.locator('textarea').evaluate((el) => getComputedStyle(el).height)).toBe('150px');
      await step5.getByLabel('About me (optional)').fill('I love the sea and long dinners.');
      await shot(page, 'step5');
      await step5.getByRole('button', { name: 'Continue' }).click();

      await expect.poll(() => page.getByTestId('step-6').isVisible()).toBe(true);
      await shot(page, 'step6');
      const step7 = page.getByTestId('step-7');
      await expect.poll(() => step7.isVisible(), { timeout: 25_000 }).toBe(true);
      await shot(page, 'step7');
      expect(await step7.textContent()).toContain(email);
      expect(await step7.getByRole('link', { name: 'Open Gmail' }).getAttribute('href')).toContain('mail.google.com');
      expect(await page.evaluate(() => (window as unknown as { __complete?: number }).__complete)).toBe(1);

      const me = await page.request.get(`${own.server.url}/api/user.php`, { headers: { 'package-name': 'amora' } });
      expect((await me.json()).profile).toMatchObject({
        country: 'NL',
        countryregion: 'NH',
        city: 'Amsterdam',
        gender: 'female',
        date_of_birth: '1990-04-12',
        personal: 'I love the sea and long dinners.',
        lastSignupStep: 7,
        fields: { looking_for: 'male' },
      });
      expect((await me.json()).profile.main_image).not.toBeNull();

      await expect.poll(() => own.smtp.received.some((mail) => mail.to?.[0]?.address === email)).toBe(true);
      const mail = own.smtp.received.find((m) => m.to?.[0]?.address === email)!;
      const link = /https?:\/\/\S+\/activate\/confirm\?token=[\w-]+/.exec(mail.text ?? '')![0];
      await page.goto(link);
      await page.waitForURL('**/activate/done');
      await expect.poll(() => page.getByTestId('activate-done').isVisible()).toBe(true);
      await shot(page, 'activated');
    });
  }

  it('resumes at step 4 for a member who stopped after step 3', async () => {
    const page = await browser.newPage({ geolocation: AMSTERDAM, permissions: ['geolocation', 'notifications'] });
    const email = `resume-${Date.now()}@example.com`;
    await startSignup(page, email, 'Rita');
    await page.getByTestId('step-1').getByRole('button', { name: 'Skip for now' }).click();
    await page.getByTestId('step-2').getByRole('button', { name: 'Continue without a photo' }).click();
    const step3 = page.getByTestId('step-3');
    await expect.poll(() => step3.getByLabel('Country').inputValue(), { timeout: 10_000 }).toBe('NL');
    await step3.getByRole('button', { name: 'Save location' }).click();
    await expect.poll(() => page.getByTestId('step-4').isVisible()).toBe(true);

    // Leave the member's page first: its polls would otherwise meet the cleared session (403).
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(`${own.server.url}/login`);
    await browser.waitForIslands(page);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('wizard-pass');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/signup');
    await expect.poll(() => page.getByTestId('step-4').isVisible()).toBe(true);
  });

  it('corrects a mistyped address and mails the new one', async () => {
    const page = await browser.newPage({ permissions: ['notifications'] });
    await startSignup(page, `typo-${Date.now()}@exmaple.com`, 'Tom');
    await page.goto(`${own.server.url}/signup/change-email`);
    await browser.waitForIslands(page);
    const fixed = `fixed-${Date.now()}@example.com`;
    await page.getByLabel('E-mail address').fill(fixed);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect.poll(() => page.getByTestId('email-changed').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => own.smtp.received.some((mail) => mail.to?.[0]?.address === fixed)).toBe(true);
  });

  it('warns about an existing account and suggests a typo fix', async () => {
    const page = await browser.newPage();
    await page.goto(`${own.server.url}/signup`);
    await browser.waitForIslands(page);
    // Terms and privacy open in the modal system, in the page's locale; Escape closes it.
    await page.getByRole('button', { name: 'Terms of service' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Terms of service' }).isVisible()).toBe(true);
    expect(await dialog.evaluate((el) => getComputedStyle(el).zIndex)).toBe('1055');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByLabel('E-mail address').fill('someone@gmial.com');
    await page.getByRole('button', { name: 'someone@gmail.com' }).click();
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('someone@gmail.com');
    const existing = own.smtp.received[0]?.to?.[0]?.address;
    expect(existing).toBeDefined();
    await page.getByLabel('E-mail address').fill(existing!);
    await expect
      .poll(() => page.getByTestId('email-status').textContent())
      .toContain('An account with this e-mail address already exists.');
  });
});
