import { createAvatar } from '@dicebear/core';
import { personas } from '@dicebear/collection';
import sharp from 'sharp';
import type { Gender } from '~/shared/constants';
import type { Storage } from '../../storage/storage';
import { poolAvatarTraits } from './avatar-traits';

/**
 * Illustrated demo avatars (DiceBear "personas" rendered with sharp), generated
 * locally: nothing is fetched. Members share a pool of avatars so that seeding
 * 100,000 members does not render 100,000 images; each pool avatar belongs to
 * an age band and members show avatars of their own band.
 */
export interface AvatarFile {
  filename: string;
  thumbFilename: string;
  width: number;
  height: number;
}

export const AVATAR_WIDTH = 480;
export const AVATAR_HEIGHT = 600;
const THUMB_WIDTH = 240;
const THUMB_HEIGHT = 300;
const MINI_WIDTH = 120;
const MINI_HEIGHT = 150;

/** The SVG of demo avatar `index` of a gender pool (deterministic; its look fits the avatar's age band). */
export function renderAvatarSvg(gender: Gender, index: number): string {
  const traits = poolAvatarTraits(gender, index);
  return createAvatar(personas, {
    seed: `${gender}-${index}`,
    size: AVATAR_HEIGHT,
    backgroundColor: [traits.backgroundColor],
    hair: [traits.hair],
    hairColor: [traits.hairColor],
    ...(traits.facialHair
      ? { facialHair: [traits.facialHair], facialHairProbability: 100 }
      : { facialHairProbability: 0 }),
    eyes: [traits.eyes],
    nose: [traits.nose],
    mouth: [traits.mouth],
    skinColor: [traits.skinColor],
    body: [traits.body],
    clothingColor: [traits.clothingColor],
  }).toString();
}

/** Key of avatar `index` of a gender pool, e.g. `demo/v3/female/007.webp`, its 240×300 thumbnail and 120×150 mini picture. */
export function avatarKeys(
  gender: Gender,
  index: number,
): { filename: string; thumbFilename: string; miniFilename: string } {
  // v3: avatars drawn from the age rules (older pools under demo/{gender}/ stay for the rows that use them).
  const base = `demo/v3/${gender}/${String(index).padStart(3, '0')}`;
  return { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp`, miniFilename: `${base}-mini.webp` };
}

/**
 * Renders one avatar (4:5 portrait, WebP), its 240×300 thumbnail and 120×150
 * mini picture (small faces on landers) into storage, unless already there; a
 * missing mini is made from the stored portrait.
 */
async function ensureAvatar(storage: Storage, gender: Gender, index: number): Promise<AvatarFile> {
  const keys = avatarKeys(gender, index);
  const file = {
    filename: keys.filename,
    thumbFilename: keys.thumbFilename,
    width: AVATAR_WIDTH,
    height: AVATAR_HEIGHT,
  };
  const [hasFull, hasThumb, hasMini] = await Promise.all([
    storage.exists(keys.filename),
    storage.exists(keys.thumbFilename),
    storage.exists(keys.miniFilename),
  ]);
  if (hasFull && hasThumb && hasMini) return file;
  let full = hasFull && hasThumb ? await storage.get(keys.filename) : null;
  if (!full) {
    const square = await sharp(Buffer.from(renderAvatarSvg(gender, index)))
      .png()
      .toBuffer();
    full = await sharp(square)
      .resize(AVATAR_WIDTH, AVATAR_HEIGHT, { fit: 'cover', position: 'top' })
      .webp({ quality: 80 })
      .toBuffer();
    await storage.put(keys.filename, full);
    await storage.put(
      keys.thumbFilename,
      await sharp(full).resize(THUMB_WIDTH, THUMB_HEIGHT).webp({ quality: 75 }).toBuffer(),
    );
  }
  await storage.put(
    keys.miniFilename,
    await sharp(full).resize(MINI_WIDTH, MINI_HEIGHT).webp({ quality: 70 }).toBuffer(),
  );
  return file;
}

/**
 * Makes sure `perGender` avatars per gender exist in storage (renders missing ones,
 * `concurrency` at a time) and returns them by gender.
 */
export async function ensureAvatarPool(
  storage: Storage,
  perGender: number,
  concurrency = 4,
): Promise<Record<Gender, AvatarFile[]>> {
  const pool: Record<Gender, AvatarFile[]> = { female: [], male: [] };
  for (const gender of ['female', 'male'] as const) {
    for (let start = 0; start < perGender; start += concurrency) {
      const batch = Array.from({ length: Math.min(concurrency, perGender - start) }, (_, i) =>
        ensureAvatar(storage, gender, start + i),
      );
      pool[gender].push(...(await Promise.all(batch)));
    }
  }
  return pool;
}
