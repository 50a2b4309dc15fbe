import { describe, expect, it } from 'vitest';
import { openMemberLander } from '../../src/server/pages/member-lander';
import { useTestContext } from '../helpers/context';
import { addImage, createMember } from '../helpers/factories';

const { ctx } = useTestContext();

describe('member landers (/members/:memberId/signup, /landing, /landing2/:slug, /landing3/:slug)', () => {
  it('presents the member and leads into signup with that member as profile, then to the chat', async () => {
    const id = await createMember(ctx(), { name: 'Sofie' });
    await addImage(ctx(), id);
    const lander = (await openMemberLander(ctx(), String(id)))!;
    expect(lander.profile).toMatchObject({ id, name: 'Sofie' });
    expect(lander.profile.main_image).not.toBeNull();
    expect(lander.locale).toBeNull();
    const href = new URL(lander.signupHref, 'http://localhost');
    expect(href.pathname).toBe('/signup');
    expect(href.searchParams.get('profile')).toBe(String(id));
    expect(href.searchParams.get('next')).toBe(`/members/${id}/chat`);
  });

  it('takes the locale of a lander slug (docs/product.md §4) and refuses other slugs', async () => {
    const id = await createMember(ctx());
    expect((await openMemberLander(ctx(), String(id), 'milf-de'))?.locale).toBe('de');
    expect((await openMemberLander(ctx(), String(id), 'pl'))?.locale).toBe('pl');
    expect(await openMemberLander(ctx(), String(id), 'milf')).toBeNull();
    expect(await openMemberLander(ctx(), String(id), 'none-de')).toBeNull();
  });

  it('answers null (404) for unknown, odd or deleted members', async () => {
    const gone = await createMember(ctx(), { status: 'deleted' });
    expect(await openMemberLander(ctx(), '999999')).toBeNull();
    expect(await openMemberLander(ctx(), '1e3')).toBeNull();
    expect(await openMemberLander(ctx(), '-1')).toBeNull();
    expect(await openMemberLander(ctx(), String(gone))).toBeNull();
  });
});
