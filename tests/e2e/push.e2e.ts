import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService } from '../helpers/push-service';
import { useBrowser } from './browser';

const browser = useBrowser();
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

    await page.goto(`${browser.baseURL}/signup`);
    await browser.waitForIslands(page);
    await page.getByLabel('E-mail address').fill(`push-${Date.now()}@example.com`);
    await page.getByLabel('Your first name').fill('Pusher');
    await page.getByLabel('Choose a password').fill('push-pass');
    const before = pushService.received.length;
    await page.getByRole('button', { name: 'Continue' }).click();

    // SPEC §4: push supported and not denied → step 1 offers notifications.
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

  it('offers push in the shell to a member who skipped it in the wizard', async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(['notifications'], { origin: browser.baseURL });
    await page.goto(`${browser.baseURL}/signup`);
    await browser.waitForIslands(page);
    await page.getByLabel('E-mail address').fill(`later-${Date.now()}@example.com`);
    await page.getByLabel('Your first name').fill('Later');
    await page.getByLabel('Choose a password').fill('push-pass');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('step-1').getByRole('button', { name: 'Skip for now' }).click();
    await page.goto(`${browser.baseURL}/members`);
    await expect.poll(() => page.getByTestId('push-prompt').isVisible(), { timeout: 10_000 }).toBe(true);
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
