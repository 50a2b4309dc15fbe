import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { profileFieldsEndpoint } from '../../src/server/http/endpoints/profile-fields';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { MEMBER_PASSWORD } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

async function member(): Promise<string> {
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: {
      email: `u${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Uma',
      password: 'secret-pass',
      language: 'en',
    },
  });
  return sessionCookieFrom(created.cookies);
}
const put = (cookie: string | undefined, body: unknown) =>
  callApi(ctx(), userEndpoint, '/api/user.php', { method: 'PUT', body, cookie });

describe('PUT /api/user.php (docs/product.md §7)', () => {
  it('saves the location and moves the step forward only', async () => {
    const cookie = await member();
    const saved = await put(cookie, { country: 'NL', countryregion: 'NH', city: ' Amsterdam ', lastSignupStep: 4 });
    expect(saved.status).toBe(200);
    expect(saved.json.user.profile).toMatchObject({
      country: 'NL',
      countryregion: 'NH',
      city: 'Amsterdam',
      lastSignupStep: 4,
    });
    const back = await put(cookie, { lastSignupStep: 2 });
    expect(back.json.user.profile.lastSignupStep).toBe(4);
  });

  it('saves gender, date of birth, fields and notes', async () => {
    const cookie = await member();
    const { json } = await put(cookie, {
      gender: 'female',
      date_of_birth: '1990-04-12',
      fields: { looking_for: 'male', smoking: 'no' },
      personal: 'Hello there',
      lastSignupStep: 6,
    });
    expect(json.user.profile).toMatchObject({
      gender: 'female',
      date_of_birth: '1990-04-12',
      age: 36,
      personal: 'Hello there',
    });
    expect(json.user.profile.fields).toEqual({ looking_for: 'male', smoking: 'no' });
  });

  it('refuses bad values with their message keys and writes nothing', async () => {
    const cookie = await member();
    await put(cookie, { country: 'DE', countryregion: 'BY' });
    const bad = await put(cookie, {
      country: 'NL',
      countryregion: 'BY',
      date_of_birth: '2015-02-30',
      fields: { smoking: 'cigars', colour: 'red' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues).toEqual(
      expect.arrayContaining([
        { path: 'countryregion', message: 'search.region_needs_country' },
        { path: 'date_of_birth', message: 'profile.date_of_birth_error' },
        { path: 'fields.smoking', message: 'validation.not_allowed' },
        { path: 'fields.colour', message: 'validation.not_allowed' },
      ]),
    );
    const long = await put(cookie, { city: 'x'.repeat(256) });
    expect(long.status).toBe(422);
    expect((await put(cookie, { country: 'XX' })).status).toBe(422);
    const me = await callApi(ctx(), userEndpoint, '/api/user.php', { cookie });
    expect(me.json.profile).toMatchObject({ country: 'DE', countryregion: 'BY', date_of_birth: null });
  });

  it('clears the region when only the country changes, and needs a login', async () => {
    const cookie = await member();
    await put(cookie, { country: 'DE', countryregion: 'BY', city: 'München' });
    const { json } = await put(cookie, { country: 'AT' });
    expect(json.user.profile).toMatchObject({ country: 'AT', countryregion: null, city: null });
    expect((await put(undefined, { country: 'NL' })).status).toBe(403);
  });
});

describe('GET /api/profile_fields.php', () => {
  it('lists allowed values per field', async () => {
    const { json } = await callApi(ctx(), profileFieldsEndpoint, '/api/profile_fields.php');
    expect(json.allowed_values.gender).toEqual(['male', 'female']);
    expect(json.allowed_values.smoking).toEqual(['no', 'sometimes', 'yes']);
  });
});

describe('PUT /api/user.php?email=1', () => {
  it('changes the address, needs confirming again, and refuses one taken on the site', async () => {
    const cookie = await member();
    const other = await member();
    const taken = (await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: other })).json.email;
    const change = (email: string) =>
      callApi(ctx(), userEndpoint, '/api/user.php', { method: 'PUT', query: { email: 1 }, body: { email }, cookie });
    const changed = await change('New.Address@gmail.com');
    expect(changed.status).toBe(200);
    expect(changed.json.user).toMatchObject({ email: 'new.address@gmail.com', mailprovider: 2 });
    const refused = await change(taken);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('signup.existing_account_active');
    expect((await change('not-an-address')).status).toBe(422);
  });

  it('refuses a confirmed member (409 with the way to the confirmed change) and changes nothing', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const refused = await callApi(ctx(), userEndpoint, '/api/user.php', {
      method: 'PUT',
      query: { email: 1 },
      body: { email: 'attacker@example.org' },
      cookie: anna.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'conflict', message: 'email_change.confirmed_use_profile' });
    const [row] = await ctx().db.select().from(users).where(eq(users.id, anna.id));
    expect(row).toMatchObject({ email: 'anna@example.com', status: 'active' });
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'anna@example.com', password: MEMBER_PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});
