import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditOverview } from '../../src/server/credits/credit-overview';
import { grantCredits } from '../../src/server/credits/credits';
import { users } from '../../src/server/db/schema';
import { chatEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx, clock } = useTestContext();
const site = () => ctx().sites.byPackageName.get('amora')!;

describe('/credits overview (message costs)', () => {
  it('shows the balance, the price of a message for the member country and the ledger, newest first', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    const ben = await loggedInMember(ctx(), 'Ben', { country: 'NL' });
    await grantCredits(ctx().db, anna.id, 5, 'welcome');
    const conversation = (
      await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } })
    ).json.id;
    clock.advance(60_000);
    await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation, text: 'Hi' },
    });
    clock.advance(60_000);
    await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      method: 'POST',
      cookie: anna.cookie,
      body: { conversation, gif: 'offline:wink' },
    });

    const overview = await creditOverview(ctx(), site(), anna.id);
    expect(overview).toMatchObject({ credits: 1, messageCost: 2, premiumUntil: null });
    expect(overview.history.map((row) => [row.delta, row.reason])).toEqual([
      [-2, `message:${conversation}`],
      [-2, `message:${conversation}`],
      [5, 'welcome'],
    ]);
    // Ben's page shows only Ben's ledger.
    expect((await creditOverview(ctx(), site(), ben.id)).history).toEqual([]);
  });

  it('shows premium instead of a price while premium lasts', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    const until = new Date(clock.now().getTime() + 86_400_000);
    await ctx().db.update(users).set({ premiumUntil: until }).where(eq(users.id, anna.id));
    expect(await creditOverview(ctx(), site(), anna.id)).toMatchObject({ messageCost: 0, premiumUntil: until });
    clock.advance(2 * 86_400_000);
    expect(await creditOverview(ctx(), site(), anna.id)).toMatchObject({ messageCost: 2, premiumUntil: null });
  });
});
