import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();
const put = (cookie: string | undefined, body: unknown) =>
  callApi(ctx(), userEndpoint, '/api/user.php', { method: 'PUT', body, cookie });
const stored = async (id: number) => (await ctx().db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('editing the profile on /profile (docs/product.md §10 /profile)', () => {
  it('saves the name, about-me, location and removes a field answer', async () => {
    const { cookie } = await loggedInMember(ctx(), 'Tess');
    await put(cookie, { fields: { looking_for: 'male', smoking: 'no' } });
    const saved = await put(cookie, {
      name: '  Tessa ',
      personal: 'Walks by the sea',
      country: 'DE',
      countryregion: 'BY',
      city: 'München',
      fields: { smoking: null },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.user.profile).toMatchObject({
      name: 'Tessa',
      personal: 'Walks by the sea',
      country: 'DE',
      countryregion: 'BY',
      city: 'München',
      fields: { looking_for: 'male' },
    });
  });

  it('refuses bad names, dates and cities with the signup messages and writes nothing', async () => {
    const { id, cookie } = await loggedInMember(ctx(), 'Uma');
    const before = await stored(id);
    const cases: [unknown, string, string][] = [
      [{ name: '' }, 'name', 'validation.required'],
      [{ name: '@uma' }, 'name', 'signup.name_starts_with_at'],
      [{ name: 'x'.repeat(151) }, 'name', 'validation.max_length'],
      [{ name: 'UMA@example.com', personal: 'new' }, 'name', 'signup.name_equal_to_email'],
      [{ date_of_birth: '2015-01-01', personal: 'new' }, 'date_of_birth', 'profile.date_of_birth_error'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'profile.date_of_birth_error'],
      [{ city: 'c'.repeat(256) }, 'city', 'validation.max_length'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await put(cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.error.issues).toContainEqual({ path, message });
    }
    expect(await stored(id)).toEqual(before);
  });

  it('needs a login', async () => {
    expect((await put(undefined, { name: 'Nobody' })).status).toBe(403);
  });
});
