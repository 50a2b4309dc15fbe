import { describe, expect, it } from 'vitest';
import { homeFaces } from '../../src/server/members/home-faces';
import { addImage, createMember } from '../helpers/factories';
import { useTestContext } from '../helpers/context';

const { ctx, clock } = useTestContext();

/** A member last active `minutesAgo` before the test clock, with or without a photo. */
async function member(minutesAgo: number, options: { photo: boolean; country?: string; isVisible?: boolean }) {
  const id = await createMember(ctx(), {
    lastActiveAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
    country: options.country ?? 'NL',
    isVisible: options.isVisible ?? true,
  });
  if (options.photo) await addImage(ctx(), id);
  return id;
}

describe('home page faces (docs/product.md §2 Home)', () => {
  it('shows the most recently active members with a photo, however many newer ones have none', async () => {
    const withPhoto = [];
    for (let i = 0; i < 8; i++) withPhoto.push(await member(100 + i, { photo: true }));
    for (let i = 0; i < 12; i++) await member(i, { photo: false });
    await member(1, { photo: true, isVisible: false });
    await member(2, { photo: true, country: 'DE' });

    const faces = await homeFaces(ctx(), ['NL', 'BE']);
    expect(faces.map((face) => face.filename)).toEqual(withPhoto.slice(0, 6).map((id) => `p/${id}-0.webp`));
    expect(await homeFaces(ctx(), null, 1)).toEqual([
      expect.objectContaining({ filename: expect.stringMatching(/^p\/\d+-0\.webp$/) }),
    ]);
  });

  it('is empty when nobody has a photo yet', async () => {
    await member(0, { photo: false });
    expect(await homeFaces(ctx(), null)).toEqual([]);
  });
});
