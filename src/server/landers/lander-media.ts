import fs from 'node:fs/promises';
import path from 'node:path';
import { ensureAvatarPool } from '../platform/demo-people/avatars';
import type { Storage } from '../storage/storage';
import { LANDER_PORTRAITS_PER_GENDER } from './lander-members';

/**
 * Makes sure the media the pre-rendered landers reference exist in storage
 * (served under `cdn_prefix`): the files of `mediaDir` (`landers/media/`, the
 * hero videos and posters) under the key `landers/…`, and the first
 * LANDER_PORTRAITS_PER_GENDER demo portraits per gender (with their 120×150
 * mini pictures). Idempotent; copies a
 * file again when its size changed. Returns how many files it wrote.
 */
export async function ensureLanderMedia(storage: Storage, mediaDir: string): Promise<number> {
  let written = 0;
  const entries = await fs.readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = `landers/${path.relative(mediaDir, file).split(path.sep).join('/')}`;
    const data = await fs.readFile(file);
    const stored = await storage.get(key);
    if (stored && stored.byteLength === data.byteLength) continue;
    await storage.put(key, data);
    written += 1;
  }
  await ensureAvatarPool(storage, LANDER_PORTRAITS_PER_GENDER);
  return written;
}
