// `npm start`: builds when needed, seeds demo members into an empty database, then serves
// the app on http://$HOST:$PORT (default localhost:4321). Honours PORT, HOST, DATA_DIR, DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { HOST: 'localhost', PORT: '4321', ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };

await buildIfNeeded();

if (env.SEED_ON_START !== '0') {
  const seed = spawnSync('tsx', ['src/server/db/seed/cli.ts', '--if-empty'], { cwd: root, stdio: 'inherit', env });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

console.log(`start: serving on http://${env.HOST}:${env.PORT}`);
// serve.mjs honours AMORA_OUT_DIR (another output folder) and serves the release that is current there now.
const server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, stdio: 'inherit', env });
// SIGHUP too: with WEB_CONCURRENCY it is the rolling restart (scripts/cluster-primary.mjs).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
