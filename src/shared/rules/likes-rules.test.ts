import { describe, expect, it } from 'vitest';
import type { Like } from '../contracts/likes';
import { likesOfTab, likesTabFromPath, likesTabPath } from './likes-rules';

const like = (id: number, didLike: boolean) =>
  ({ id, like_new: false, did_like_profile: didLike, profile: { id } }) as unknown as Like;

describe('likes tabs (docs/product.md §2 /likes/:type)', () => {
  it('maps paths to tabs and back', () => {
    expect(likesTabFromPath(undefined)).toBe('received');
    expect(likesTabFromPath('given')).toBe('given');
    expect(likesTabFromPath('mutual')).toBe('mutual');
    expect(likesTabFromPath('other')).toBeNull();
    expect(likesTabPath('received')).toBe('/likes');
    expect(likesTabPath('mutual')).toBe('/likes/mutual');
  });

  it('lists received, given and mutual likes', () => {
    const likes = { given: [like(1, true)], received: [like(2, false), like(3, true)] };
    expect(likesOfTab('received', likes).map((l) => l.id)).toEqual([2, 3]);
    expect(likesOfTab('given', likes).map((l) => l.id)).toEqual([1]);
    expect(likesOfTab('mutual', likes).map((l) => l.id)).toEqual([3]);
  });
});
