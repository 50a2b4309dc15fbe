import { describe, expect, it } from 'vitest';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();
const search = (cookie: string | undefined, query: Record<string, string | number>) =>
  callApi(ctx(), searchEndpoint, '/api/search.php', { cookie, query });

describe('remembered search filters (docs/product.md §2)', () => {
  it('uses a member’s last manual filters for the next automatic load, unless do_not_save', async () => {
    const me = await loggedInMember(ctx(), 'Me', { gender: 'male' });
    await createMember(ctx(), { name: 'Anna', gender: 'female', country: 'DE' });
    await createMember(ctx(), { name: 'Bert', gender: 'male', country: 'NL' });

    const first = await search(me.cookie, { auto_load: 1 });
    expect(first.json.filter_options).toEqual({});
    expect(first.json.profiles).toHaveLength(2);

    await search(me.cookie, { manual_search: 1, gender: 'female', country: 'DE' });
    const again = await search(me.cookie, { auto_load: 1 });
    expect(again.json.filter_options).toEqual({ gender: 'female', country: 'DE' });
    expect(again.json.profiles.map((p: { name: string }) => p.name)).toEqual(['Anna']);

    // do_not_save leaves the remembered filters alone.
    await search(me.cookie, { manual_search: 1, do_not_save: 1, gender: 'male' });
    expect((await search(me.cookie, { auto_load: 1 })).json.filter_options).toEqual({
      gender: 'female',
      country: 'DE',
    });

    // Filters in the page URL win over the remembered ones.
    expect((await search(me.cookie, { auto_load: 1, gender: 'male' })).json.filter_options).toEqual({ gender: 'male' });

    // Clearing the filters manually is remembered too.
    await search(me.cookie, { manual_search: 1 });
    expect((await search(me.cookie, { auto_load: 1 })).json.filter_options).toEqual({});
  });

  it('remembers nothing for visitors and keeps members apart', async () => {
    const me = await loggedInMember(ctx(), 'Me');
    const other = await loggedInMember(ctx(), 'Other');
    await search(undefined, { manual_search: 1, gender: 'female' });
    await search(me.cookie, { manual_search: 1, gender: 'male' });
    expect((await search(other.cookie, { auto_load: 1 })).json.filter_options).toEqual({});
    expect((await search(undefined, { auto_load: 1 })).json.filter_options).toEqual({});
  });
});
