import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The text of `file`, created with `make()` (mode 0600) when it does not exist yet, such that
 * processes starting together on one data folder (`WEB_CONCURRENCY`, docs/architecture.md §6
 * convention 14) all end up with the same content: the text is written to a temporary file of
 * this process and hard-linked into place, which fails for all but the first; the others read
 * the winner's complete file. @throws the file system's error for anything but "already exists".
 */
export function readOrCreateOnce(file: string, make: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const text = make();
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
