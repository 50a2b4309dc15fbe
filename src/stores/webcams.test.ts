import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { Cam } from '~/shared/contracts/xcams';
import { withCamCards } from './webcams';

const profile = (id: number) => ({ id }) as PublicProfile;
const cam = (account: string, live: boolean) => ({ account, live }) as Cam;
const shape = (items: ReturnType<typeof withCamCards>) =>
  items.map((item) => (item.kind === 'profile' ? item.profile.id : `${item.variant}:${item.cam.account}`));

describe('webcam cards in the grid (docs/product.md §9)', () => {
  const cams = [cam('l1', true), cam('r1', false), cam('l2', true), cam('r2', false)];

  it('puts a live card at index 1 and a resell card at index 5 of every block of 12', () => {
    const profiles = Array.from({ length: 24 }, (_, i) => profile(i));
    const items = shape(withCamCards(profiles, cams));
    expect(items).toHaveLength(28);
    expect(items.slice(0, 7)).toEqual([0, 'live:l1', 1, 2, 3, 'resell:r1', 4]);
    expect(items.slice(14, 21)).toEqual([12, 'live:l2', 13, 14, 15, 'resell:r2', 16]);
    expect(items.filter((x) => typeof x === 'number')).toEqual(profiles.map((p) => p.id));
  });

  it('takes the cams by block number (wrapping) and skips positions a short block lacks', () => {
    expect(shape(withCamCards([profile(1), profile(2)], cams, 3))).toEqual([1, 'live:l2', 2]);
    expect(shape(withCamCards([profile(1)], cams))).toEqual([1]);
    expect(shape(withCamCards([profile(1), profile(2)], []))).toEqual([1, 2]);
  });
});
