import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../src/shared/contracts/notifications';
import { unsubscribeLink } from '../../src/server/platform/accounts/unsubscribe-link';
import { notificationSettings } from '../../src/server/db/schema';
import { notificationsEndpoint } from '../../src/server/http/endpoints/notifications';
import { handleUnsubscribeRequest } from '../../src/server/http/unsubscribe-request';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();
const PATH = '/api/notifications.php';

const read = (cookie?: string) => callApi(ctx(), notificationsEndpoint, PATH, { cookie });
const change = (cookie: string | undefined, body: unknown) =>
  callApi(ctx(), notificationsEndpoint, PATH, { method: 'PUT', cookie, body });
const rows = () => ctx().db.select().from(notificationSettings);

/** docs/product.md §10 Notifications: the member's own settings. */
describe('notification settings', () => {
  it('answers the defaults to a member who never chose (messages and likes on)', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const answer = await read(anna.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json.settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(await rows()).toHaveLength(0);
  });

  it('changes only the fields sent and keeps them', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const first = await change(anna.cookie, { message_mail: false });
    expect(first.status).toBe(200);
    expect(first.json.settings).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, message_mail: false });
    await change(anna.cookie, { like_mail: false, like_push: false });
    expect((await read(anna.cookie)).json.settings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      message_mail: false,
      like_mail: false,
      like_push: false,
    });
    expect(await rows()).toHaveLength(1);
  });

  it('offers no switch that nothing obeys: there is no "news" kind (the product sends no newsletter)', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    expect(Object.keys((await read(anna.cookie)).json.settings).sort()).toEqual([
      'like_mail',
      'like_push',
      'message_mail',
      'message_push',
    ]);
    for (const body of [{ news_mail: true }, { news_push: true }])
      expect((await change(anna.cookie, body)).status).toBe(422);
  });

  it('refuses visitors (403) for reading and changing', async () => {
    expect((await read()).status).toBe(403);
    const refused = await change(undefined, { message_mail: false });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('not_logged_in');
    expect(await rows()).toHaveLength(0);
  });

  it("changes only the caller's own settings: another member's session cannot touch yours", async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    await change(anna.cookie, { message_mail: false });
    const bens = await change(ben.cookie, { message_mail: true, message_push: false });
    expect(bens.json.settings.message_push).toBe(false);
    expect((await read(anna.cookie)).json.settings).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, message_mail: false });
    // A member id in the body is not a field: nobody can aim a change at someone else.
    const aimed = await change(ben.cookie, { user_id: anna.id, message_mail: true });
    expect(aimed.status).toBe(422);
    expect((await read(anna.cookie)).json.settings.message_mail).toBe(false);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    for (const body of [{}, { message_mail: 'no' }, { message_sms: true }, { message_mail: null }]) {
      const answer = await change(anna.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.error.code).toBe('validation_failed');
    }
    expect(await rows()).toHaveLength(0);
  });
});

/** docs/product.md §10 Notifications: the signed unsubscribe link, without login. */
describe('unsubscribe link', () => {
  const request = (link: string, method = 'GET') =>
    new Request(link, {
      method,
      ...(method === 'POST'
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          }
        : {}),
    });
  const settingsOf = async (userId: number) =>
    (await ctx().db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0];

  it('GET asks first and changes nothing; the one-click POST turns the message mails off', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const link = unsubscribeLink(ctx().secret, ORIGIN, anna.id, 'message');
    expect(link).toMatch(new RegExp(`^${ORIGIN}/unsubscribe\\?u=${anna.id}&k=message&s=[\\w-]{43}$`));
    expect(await handleUnsubscribeRequest(ctx(), request(link))).toEqual({ state: 'confirm', kind: 'message' });
    expect(await settingsOf(anna.id)).toBeUndefined();
    expect(await handleUnsubscribeRequest(ctx(), request(link, 'POST'))).toEqual({ state: 'done', kind: 'message' });
    expect(await settingsOf(anna.id)).toMatchObject({ messageMail: false, messagePush: true, likeMail: true });
    // Again is fine (a mail program may POST twice).
    expect((await handleUnsubscribeRequest(ctx(), request(link, 'POST'))).state).toBe('done');
  });

  it('turns off only the kind of the link', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    await handleUnsubscribeRequest(ctx(), request(unsubscribeLink(ctx().secret, ORIGIN, anna.id, 'like'), 'POST'));
    expect(await settingsOf(anna.id)).toMatchObject({ messageMail: true, likeMail: false });
  });

  it('refuses forged, altered and incomplete links and changes nothing', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    const bens = new URL(unsubscribeLink(ctx().secret, ORIGIN, ben.id, 'message'));
    const forged = [
      // Ben's signature with Anna's id.
      `${ORIGIN}/unsubscribe?u=${anna.id}&k=message&s=${bens.searchParams.get('s')}`,
      // Ben's link for another kind.
      `${ORIGIN}/unsubscribe?u=${ben.id}&k=like&s=${bens.searchParams.get('s')}`,
      // Signed with another secret.
      unsubscribeLink(Buffer.alloc(32, 7), ORIGIN, anna.id, 'message'),
      `${ORIGIN}/unsubscribe?u=${anna.id}&k=message`,
      `${ORIGIN}/unsubscribe?u=${anna.id}&k=everything&s=${bens.searchParams.get('s')}`,
      `${ORIGIN}/unsubscribe`,
    ];
    for (const link of forged) {
      expect(await handleUnsubscribeRequest(ctx(), request(link, 'POST')), link).toEqual({ state: 'invalid' });
      expect(await handleUnsubscribeRequest(ctx(), request(link)), link).toEqual({ state: 'invalid' });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('answers done for an account that no longer exists, writing nothing', async () => {
    const link = unsubscribeLink(ctx().secret, ORIGIN, 999, 'message');
    expect((await handleUnsubscribeRequest(ctx(), request(link, 'POST'))).state).toBe('done');
    expect(await rows()).toHaveLength(0);
  });
});
