import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, users } from '../../src/server/db/schema';
import { chatEndpoint, gifsEndpoint, messagesEndpoint } from '../../src/server/http/endpoints/chat';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

const gifs = (cookie: string | undefined, query: Record<string, string> = {}) =>
  callApi(ctx(), gifsEndpoint, '/api/gifs.php', { cookie, query });
const send = (cookie: string, body: unknown) =>
  callApi(ctx(), messagesEndpoint, '/api/messages.php', { method: 'POST', cookie, body });

describe('chat GIFs', () => {
  it('serves the picker to members only, in the asked locale or the member language', async () => {
    expect((await gifs(undefined)).status).toBe(403);
    const anna = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    const featured = await gifs(anna.cookie);
    expect(featured.status).toBe(200);
    expect(featured.json.gifs.length).toBeGreaterThan(10);
    const polish = await gifs(anna.cookie, { q: 'serce', locale: 'pl' });
    expect(polish.json.gifs.map((g: { id: string }) => g.id)).toContain('offline:heart-beat');
    expect(polish.json.gifs.find((g: { id: string }) => g.id === 'offline:heart-beat').title).toBe('Bijące serce');
    expect((await gifs(anna.cookie, { locale: 'xx' })).status).toBe(422);
    expect((await gifs(anna.cookie, { q: 'x'.repeat(51) })).status).toBe(422);
  });

  it('sends a GIF by id: the server stores the provider media, never a URL from the member', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    const ben = await loggedInMember(ctx(), 'Ben', { country: 'NL' });
    await ctx().db.update(users).set({ credits: 10 }).where(eq(users.id, anna.id));
    const conversation = (
      await callApi(ctx(), chatEndpoint, '/api/chat.php', { cookie: anna.cookie, query: { profile: ben.id } })
    ).json.id;

    const sent = await send(anna.cookie, { conversation, gif: 'offline:cheers' });
    expect(sent.status).toBe(200);
    expect(sent.json.message).toMatchObject({
      text: null,
      gif: { id: 'offline:cheers', url: '/gifs/cheers.gif', width: 240, height: 180 },
    });
    // A GIF costs like a text message.
    expect(sent.json.credits).toBeLessThan(10);
    const page = await callApi(ctx(), messagesEndpoint, '/api/messages.php', {
      cookie: ben.cookie,
      query: { conversation },
    });
    expect(page.json.messages[0].gif.url).toBe('/gifs/cheers.gif');

    const unknown = await send(anna.cookie, { conversation, gif: 'offline:no-such-gif' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.issues).toEqual([{ path: 'gif', message: 'chat.gif_unknown' }]);
    for (const body of [
      { conversation, gif: { url: 'https://evil.test/x.gif' } },
      { conversation, gif: 'javascript:alert(1)' },
      { conversation, text: 'both', gif: 'offline:ok' },
      { conversation },
    ]) {
      const refused = await send(anna.cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.json.error.code).toBe('validation_failed');
    }
    expect(await ctx().db.select().from(messages)).toHaveLength(1);
  });
});
