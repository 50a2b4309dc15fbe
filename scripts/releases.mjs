/**
 * Versioned builds and an atomic switch (docs/architecture.md §3 Releases). The output folder
 * (`dist/` or AMORA_OUT_DIR) holds:
 *
 *   releases/<id>/{client,server,.build-stamp}   one folder per build, never changed once built
 *   current -> releases/<id>                     the pointer: the release a server starts on
 *   client -> current/client, server -> current/server   fixed links, so `dist/client/…` paths
 *                                                        (tests, benchmarks, docs) still resolve
 *   node_modules -> <project>/node_modules       only for an output folder outside the project
 *
 * A build writes a new release folder; only when it succeeded does `current` move to it, with one
 * rename(2) of a new link over the old one (atomic: a reader sees the old or the new release,
 * never none or a mix). A server resolves `current` once when it starts (useRelease) and serves
 * that release's real folder until it stops, whatever lands later. The last KEEP_RELEASES
 * releases (and any a live server still uses) stay for a rollback; older ones are removed.
 *
 * CLI: `node scripts/releases.mjs list | switch <id>` (npm run releases -- …), in the output folder
 * of AMORA_OUT_DIR or `dist`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Releases kept after a switch (the current one and the ones before it). */
export const KEEP_RELEASES = 3;
/** Written last into a release folder: the build completed. Its content is the build's end time. */
export const STAMP = '.build-stamp';
/** Pid files of the servers running a release (pruning keeps a release a live server uses). */
const IN_USE = '.in-use';
/** Legacy single-build layout entries, moved into a release on the first switch. */
const LEGACY_ENTRIES = ['client', 'server', STAMP];

/**
 * A new release id that sorts after every release in `outDir`: the UTC time of the build's start
 * to the millisecond (moved past the newest existing one if the clock says otherwise), then 4
 * random hex digits.
 * @param {string} outDir
 */
export function nextReleaseId(outDir, now = new Date()) {
  const dir = path.join(outDir, 'releases');
  const newest = fs.existsSync(dir) ? fs.readdirSync(dir).sort().at(-1) : undefined;
  let time = now.getTime();
  const parts = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(\d{3})?Z-/.exec(newest ?? '');
  if (parts) {
    const [, y, mo, d, h, mi, sec, ms = '999'] = parts;
    const newestTime = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${sec}.${ms}Z`);
    if (newestTime >= time) time = newestTime + 1;
  }
  const stamp = new Date(time).toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${crypto.randomBytes(2).toString('hex')}`;
}

/** The output folder of this process: AMORA_OUT_DIR (relative to the project) or `dist`. */
export function outDirFromEnv(env = process.env) {
  return path.resolve(root, env.AMORA_OUT_DIR ?? 'dist');
}

/**
 * The release a server should start on: the real folder `current` points to, or `outDir` itself
 * when it is a plain build (a bare `astro build`, no releases). `dir` is a real path, so nothing
 * read through it follows a later switch.
 * @param {string} outDir
 * @returns {{ id: string | null, dir: string, clientDir: string, entry: string }}
 * @throws Error naming the folder when it holds no build.
 */
export function resolveRelease(outDir) {
  const current = path.join(outDir, 'current');
  let dir;
  if (fs.existsSync(path.join(current, 'server', 'entry.mjs'))) dir = fs.realpathSync(current);
  else if (!isLink(path.join(outDir, 'server')) && fs.existsSync(path.join(outDir, 'server', 'entry.mjs')))
    dir = fs.realpathSync(outDir);
  else throw new Error(`no build in ${outDir} (run npm run build)`);
  const id = path.basename(path.dirname(dir)) === 'releases' ? path.basename(dir) : null;
  return { id, dir, clientDir: path.join(dir, 'client'), entry: path.join(dir, 'server', 'entry.mjs') };
}

/**
 * resolveRelease for a server process, once: the first call (a single server, or the primary of
 * WEB_CONCURRENCY workers) resolves `current` and pins the result in AMORA_RELEASE_DIR, which the
 * workers it forks inherit, so a worker restarted after a deploy still serves its siblings'
 * release. Records this pid under the release's `.in-use/` (removed on exit) so pruning keeps it.
 * A graceful restart of the whole service (a new primary) resolves `current` again.
 * @param {string} outDir
 * @param {NodeJS.ProcessEnv} [env]
 */
export function useRelease(outDir, env = process.env) {
  const release = env.AMORA_RELEASE_DIR ? resolveRelease(env.AMORA_RELEASE_DIR) : resolveRelease(outDir);
  env.AMORA_RELEASE_DIR = release.dir;
  const marker = path.join(release.dir, IN_USE, String(process.pid));
  try {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, new Date().toISOString());
    process.once('exit', () => fs.rmSync(marker, { force: true }));
  } catch {
    // A read-only release folder: the server runs; only pruning cannot see that it is in use.
  }
  return release;
}

/**
 * useRelease again, for a WEB_CONCURRENCY primary about to fork new workers (a rolling restart):
 * drops the pinned folder so `current` is resolved anew, and pins the result for those workers.
 * @param {string} outDir
 * @param {NodeJS.ProcessEnv} [env]
 */
export function repinRelease(outDir, env = process.env) {
  delete env.AMORA_RELEASE_DIR;
  return useRelease(outDir, env);
}

/** True when `file` is a symbolic link (false when missing). */
function isLink(file) {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** True when process `pid` exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** Completed release ids (with a stamp), oldest first. */
export function listReleases(outDir) {
  const dir = path.join(outDir, 'releases');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((id) => fs.existsSync(path.join(dir, id, STAMP)))
    .sort();
}

/** The id `current` points to, or null. */
export function currentReleaseId(outDir) {
  const current = path.join(outDir, 'current');
  return isLink(current) ? path.basename(fs.readlinkSync(current)) : null;
}

/**
 * Moves a plain single-build layout (`client/`, `server/`, `.build-stamp` directly in `outDir`,
 * from before releases) into a release and makes it current, so its place can hold the fixed
 * links and a failed first build still leaves it served. A server running the plain layout
 * must be restarted after this one-time move.
 */
function migrateLegacyLayout(outDir) {
  const server = path.join(outDir, 'server');
  if (!fs.existsSync(path.join(server, 'entry.mjs')) || isLink(server)) return;
  const stamp = path.join(outDir, STAMP);
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtime : fs.statSync(server).mtime;
  const id = nextReleaseId(outDir, built);
  const target = path.join(outDir, 'releases', id);
  fs.mkdirSync(target, { recursive: true });
  for (const name of LEGACY_ENTRIES) {
    const from = path.join(outDir, name);
    if (fs.existsSync(from)) fs.renameSync(from, path.join(target, name));
  }
  if (!fs.existsSync(path.join(target, STAMP))) fs.writeFileSync(path.join(target, STAMP), built.toISOString());
  switchRelease(outDir, id);
}

/** The fixed links `client` and `server` through `current`. */
function ensureLinks(outDir) {
  for (const name of ['client', 'server']) {
    const link = path.join(outDir, name);
    if (!isLink(link)) fs.symlinkSync(path.join('current', name), link, 'dir');
  }
}

/**
 * The server bundle imports its dependencies (pglite, sharp, …) from node_modules, found by
 * walking up from the release folder, both while Astro pre-renders and when it serves: for an
 * output folder outside the project, `<outDir>/node_modules` links to the project's.
 */
export function linkModules(outDir) {
  const inside = !path.relative(root, outDir).startsWith('..');
  const modules = path.join(outDir, 'node_modules');
  if (!inside && !isLink(modules) && !fs.existsSync(modules))
    fs.symlinkSync(path.join(root, 'node_modules'), modules, 'dir');
}

/**
 * Points `current` at release `id` with one rename(2) of a fresh link over the old one.
 * @throws Error when the release is missing or incomplete (no stamp): `current` is not touched.
 */
export function switchRelease(outDir, id) {
  const target = path.join(outDir, 'releases', id);
  if (!fs.existsSync(path.join(target, STAMP))) throw new Error(`no complete release ${id} in ${outDir}`);
  const temporary = path.join(outDir, `.current-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  // Relative, so the whole output folder can be moved or copied to another machine.
  fs.symlinkSync(path.join('releases', id), temporary, 'dir');
  fs.renameSync(temporary, path.join(outDir, 'current'));
  ensureLinks(outDir);
}

/**
 * Removes release folders beyond the newest `keep` complete ones, except the current one and
 * those a live server uses (`.in-use/<pid>`); also unfinished folders older than `current`
 * (an interrupted build). One build at a time per output folder.
 * @returns {string[]} the removed ids.
 */
export function pruneReleases(outDir, keep = KEEP_RELEASES) {
  const dir = path.join(outDir, 'releases');
  if (!fs.existsSync(dir)) return [];
  const current = currentReleaseId(outDir);
  const complete = listReleases(outDir);
  const kept = new Set([...complete.slice(-keep), current]);
  const removed = [];
  for (const id of fs.readdirSync(dir).sort()) {
    if (kept.has(id)) continue;
    const unfinished = !complete.includes(id);
    if (unfinished && (current === null || id > current)) continue;
    if (!unfinished && inUse(path.join(dir, id))) continue;
    fs.rmSync(path.join(dir, id), { recursive: true, force: true });
    removed.push(id);
  }
  return removed;
}

/** True when a live process has registered itself in the release's `.in-use/` (dead ones are cleared). */
function inUse(releaseDir) {
  const dir = path.join(releaseDir, IN_USE);
  if (!fs.existsSync(dir)) return false;
  let used = false;
  for (const name of fs.readdirSync(dir)) {
    if (isAlive(Number(name))) used = true;
    else fs.rmSync(path.join(dir, name), { force: true });
  }
  return used;
}

/**
 * Builds a new release and switches to it only when the build succeeded: `build(dir, id)` writes
 * `client/` and `server/entry.mjs` into the new, empty `dir`. When it throws (or writes no server
 * entry) the folder is removed and the error rethrown, with `current` untouched. Then prunes.
 * @param {string} outDir
 * @param {(dir: string, id: string) => Promise<void> | void} build
 * @returns {Promise<{ id: string, dir: string, pruned: string[] }>}
 */
export async function buildRelease(outDir, build, keep = KEEP_RELEASES) {
  migrateLegacyLayout(outDir);
  const id = nextReleaseId(outDir);
  const dir = path.join(outDir, 'releases', id);
  fs.mkdirSync(dir, { recursive: true });
  linkModules(outDir);
  try {
    await build(dir, id);
    if (!fs.existsSync(path.join(dir, 'server', 'entry.mjs'))) throw new Error(`the build wrote no server/entry.mjs`);
    fs.writeFileSync(path.join(dir, STAMP), new Date().toISOString());
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  switchRelease(outDir, id);
  return { id, dir, pruned: pruneReleases(outDir, keep) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = outDirFromEnv();
  const [command, id] = process.argv.slice(2);
  if (command === 'list') {
    const current = currentReleaseId(outDir);
    for (const each of listReleases(outDir)) console.log(`${each === current ? '*' : ' '} ${each}`);
  } else if (command === 'switch' && id) {
    switchRelease(outDir, id);
    console.log(`releases: current -> ${id} (restart the server to serve it)`);
  } else {
    console.error('usage: node scripts/releases.mjs list | switch <id>');
    process.exit(2);
  }
}
