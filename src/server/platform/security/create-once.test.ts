import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateOnce } from './create-once';

/** readOrCreateOnce: one content per file, also for processes starting together on a fresh data folder. */
const folders: string[] = [];
const freshFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-create-once-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `readOrCreateOnce(file, random)` in a process of its own (released together by `start`) and resolves with what it got. */
function racer(file: string, start: string): Promise<string> {
  const script = `
    import fs from 'node:fs';
    import { randomBytes } from 'node:crypto';
    import { readOrCreateOnce } from ${JSON.stringify(path.resolve(import.meta.dirname, 'create-once.ts'))};
    while (!fs.existsSync(${JSON.stringify(start)})) await new Promise((r) => setTimeout(r, 2));
    process.stdout.write(readOrCreateOnce(${JSON.stringify(file)}, () => randomBytes(4096).toString('base64url')));
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`racer exited with ${code}`)))),
  );
}

describe('readOrCreateOnce', () => {
  it('creates the file once (mode 0600) and returns the stored text afterwards', () => {
    const file = path.join(freshFolder(), 'nested', 'secret');
    expect(readOrCreateOnce(file, () => 'first')).toBe('first');
    expect(readOrCreateOnce(file, () => 'second')).toBe('first');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('gives processes that start together on a fresh folder one and the same complete text', async () => {
    const dir = freshFolder();
    const file = path.join(dir, 'app-secret');
    const start = path.join(dir, 'go');
    const racers = Array.from({ length: 6 }, () => racer(file, start));
    // Let every process load and wait at the start line, then release them at once.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    fs.writeFileSync(start, '');
    const results = await Promise.all(racers);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toHaveLength(5462);
    expect(fs.readFileSync(file, 'utf8')).toBe(results[0]);
    expect(fs.readdirSync(dir).sort()).toEqual(['app-secret', 'go']);
  }, 30_000);
});
