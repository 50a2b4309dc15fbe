import { createAvatar } from '@dicebear/core';
import { personas } from '@dicebear/collection';
import sharp from 'sharp';
import type { Gender } from '../../../shared/constants';
import type { Storage } from '../../storage/local-storage';

/**
 * Illustrated demo avatars (DiceBear "personas" rendered with sharp), generated
 * locally: nothing is fetched. Members share a pool of avatars so that seeding
 * 100,000 members does not render 100,000 images.
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

const BACKGROUNDS = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'fde2e4', 'e2ece9', 'fff1c1'];
const HAIR: Record<Gender, ('long' | 'bobCut' | 'curly' | 'pigtails' | 'curlyBun' | 'straightBun' | 'bobBangs' | 'extraLong' | 'sideShave' | 'shortCombover' | 'curlyHighTop' | 'buzzcut' | 'fade' | 'balding' | 'mohawk' | 'beanie' | 'cap')[]> = {
  female: ['long', 'bobCut', 'curly', 'pigtails', 'curlyBun', 'straightBun', 'bobBangs', 'extraLong'],
  male: ['shortCombover', 'curlyHighTop', 'buzzcut', 'fade', 'balding', 'mohawk', 'beanie', 'cap'],
};

/** The SVG of demo avatar `index` of a gender pool (deterministic). */
export function renderAvatarSvg(gender: Gender, index: number): string {
  return createAvatar(personas, {
    seed: `${gender}-${index}`,
    size: AVATAR_HEIGHT,
    backgroundColor: BACKGROUNDS,
    hair: HAIR[gender],
    facialHairProbability: gender === 'male' ? 40 : 0,
    // Friendly expressions only: no frowns, pacifiers or closed eyes on a dating profile.
    mouth: gender === 'female' ? ['smile', 'bigSmile', 'smirk', 'lips'] : ['smile', 'bigSmile', 'smirk'],
    eyes: ['open', 'happy', 'glasses', 'wink'],
  }).toString();
}

/** Key of avatar `index` of a gender pool, e.g. `demo/female/007.webp`, its 240×300 thumbnail and 120×150 mini picture. */
export function avatarKeys(gender: Gender, index: number): { filename: string; thumbFilename: string; miniFilename: string } {
  const base = `demo/${gender}/${String(index).padStart(3, '0')}`;
  return { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp`, miniFilename: `${base}-mini.webp` };
}

/**
 * Renders one avatar (4:5 portrait, WebP), its 240×300 thumbnail and 120×150
 * mini picture (small faces on landers) into storage, unless already there; a
 * missing mini is made from the stored portrait.
 */
async function ensureAvatar(storage: Storage, gender: Gender, index: number): Promise<AvatarFile> {
  const keys = avatarKeys(gender, index);
  const file = { filename: keys.filename, thumbFilename: keys.thumbFilename, width: AVATAR_WIDTH, height: AVATAR_HEIGHT };
  const [hasFull, hasThumb, hasMini] = await Promise.all([storage.exists(keys.filename), storage.exists(keys.thumbFilename), storage.exists(keys.miniFilename)]);
  if (hasFull && hasThumb && hasMini) return file;
  let full = hasFull && hasThumb ? await storage.get(keys.filename) : null;
  if (!full) {
    const square = await sharp(Buffer.from(renderAvatarSvg(gender, index))).png().toBuffer();
    full = await sharp(square).resize(AVATAR_WIDTH, AVATAR_HEIGHT, { fit: 'cover', position: 'top' }).webp({ quality: 80 }).toBuffer();
    await storage.put(keys.filename, full);
    await storage.put(keys.thumbFilename, await sharp(full).resize(THUMB_WIDTH, THUMB_HEIGHT).webp({ quality: 75 }).toBuffer());
  }
  await storage.put(keys.miniFilename, await sharp(full).resize(MINI_WIDTH, MINI_HEIGHT).webp({ quality: 70 }).toBuffer());
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
