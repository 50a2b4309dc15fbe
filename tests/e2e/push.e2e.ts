import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService } from '../helpers/push-service';
import { useBrowser } from './browser';
import { fillSignupStep0 } from './journeys';

// The push offers need notification permission "default", which only the full browser gives.
const browser = useBrowser({ browser: 'full' });
let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
});

describe('push notifications end to end', () => {
  it('subscribes through the UI and receives the encrypted welcome push', async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(['notifications'], { origin: browser.baseURL });
    const subscription = pushService.createSubscription();
    // Chromium here has no network to reach its real push service (FCM), so the
    // browser's PushManager hands out a subscription on our stand-in service instead;
    // everything else (permission, UI, API, web-push encryption) is real.
    await page.addInitScript((sub) => {
      // The browser keeps a subscription across page loads; so does this stand-in (localStorage).
      const KEY = 'e2e-push-subscribed';
      const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: {},
        toJSON: () => sub,
        getKey: () => null,
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem(KEY, '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
      };
    }, subscription);

    await fillSignupStep0(browser, page, {
      email: `push-${Date.now()}@example.com`,
      name: 'Pusher',
      password: 'push-pass',
    });
    const before = pushService.received.length;
    await page.getByRole('button', { name: 'Continue' }).click();

    // docs/product.md §4: push supported and not denied → step 1 offers notifications.
    const step1 = page.getByTestId('step-1');
    await expect.poll(() => step1.isVisible(), { timeout: 10_000 }).toBe(true);
    await step1.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect.poll(() => page.getByTestId('step-2').isVisible()).toBe(true);
    await expect.poll(() => pushService.received.length).toBe(before + 1);
    const push = pushService.received[before]!;
    expect(push.path).toBe(new URL(subscription.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.payload).toEqual({
      title: 'Notifications are on at Amora',
      body: 'We will let you know when someone writes to you or likes you.',
      url: '/members',
      tag: 'welcome',
    });
    // Subscribed: the shell's push prompt stays away.
    await page.goto(`${browser.baseURL}/members`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('push-prompt').count()).toBe(0);
  });

  it('after "Skip for now" in the wizard the shell stays quiet that session; a week later a like brings the offer back', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.context().grantPermissions(['notifications'], { origin: browser.baseURL });
    await fillSignupStep0(browser, page, {
      email: `later-${Date.now()}@example.com`,
      name: 'Later',
      password: 'push-pass',
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('step-1').getByRole('button', { name: 'Skip for now' }).click();
    await expect.poll(() => page.getByTestId('step-2').isVisible()).toBe(true);
    // Not right after the skip: neither on the next wizard step nor on the members page, not even after a like.
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('push-prompt').count()).toBe(0);
    await page.goto(`${browser.baseURL}/members`);
    await browser.waitForIslands(page);
    await page.getByTestId('like-button').first().click();
    await expect.poll(() => page.getByTestId('like-button').first().getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('push-prompt').count()).toBe(0);

    // A new session (a new tab) eight days later: no offer on arrival, then a like shows interest.
    const later = await page.context().newPage();
    await later.goto(`${browser.baseURL}/members`);
    await later.evaluate(() =>
      localStorage.setItem('amora_push_prompt_dismissed_at', String(Date.now() - 8 * 24 * 60 * 60 * 1000)),
    );
    await later.reload();
    await browser.waitForIslands(later);
    await later.waitForTimeout(1000);
    expect(await later.getByTestId('push-prompt').count()).toBe(0);
    await later.getByTestId('like-button').nth(1).click();
    await expect.poll(() => later.getByTestId('push-prompt').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('does not offer push to visitors and serves the push worker', async () => {
    const page = await browser.newPage();
    await page.goto(`${browser.baseURL}/members`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('push-prompt').count()).toBe(0);
    const worker = await page.request.get(`${browser.baseURL}/sw-push.js`);
    expect(worker.status()).toBe(200);
    expect(await worker.text()).toContain("addEventListener('push'");
  });
});
