import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../scripts/app-server.mjs';
import { loadConfig } from '../../src/server/config';
import { CONFIG_VARIABLES } from '../../src/server/config-env';
import { HEARTBEAT_MS } from '../../src/server/realtime/presence';
import { MAX_UPLOAD_BYTES } from '../../src/shared/contracts/upload';
import { findAll, nginxSizeBytes, nginxTimeMs, parseNginxConf, type NginxDirective } from '../helpers/nginx-conf';

/**
 * The deployment files of deploy/ (docs/architecture.md §5 Deployment) agree with the app: the
 * environment file describes every variable and each example value is valid, nginx's timeouts
 * and limits fit the app's constants and its forwarding headers fit TRUST_PROXY, and systemd
 * accepts the unit. tests/e2e/deploy-nginx.e2e.ts runs them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const envText = read('deploy/amora.env.example');
/** The lines `NAME=value` (what the file sets). */
const activeEnv = parseEnv(envText);
/** The lines `# NAME=value` (examples of what stays unset). */
const exampleEnv = Object.fromEntries(
  [...envText.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
);
const nginx = parseNginxConf(read('deploy/nginx/amora.conf'));
const serverBlocks = findAll(nginx, 'server').filter((directive) => directive.block);
const tlsServer = serverBlocks.find((server) => findAll(server.block!, 'ssl_certificate').length > 0)!;
const argsOf = (directives: NginxDirective[], name: string) => findAll(directives, name).map((d) => d.args);

describe('deploy/amora.env.example', () => {
  it('describes every variable the configuration and scripts/serve.mjs read', () => {
    const described = new Set([...Object.keys(activeEnv), ...Object.keys(exampleEnv)]);
    const scriptVariables = ['scripts/serve.mjs', 'scripts/web-concurrency.mjs'].flatMap((file) =>
      [...read(file).matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!),
    );
    expect(scriptVariables).toContain('WEB_CONCURRENCY');
    const missing = [...CONFIG_VARIABLES, ...scriptVariables].filter((name) => !described.has(name));
    expect(missing, 'variables missing from deploy/amora.env.example').toEqual([]);
  });

  it('holds only valid values: what it sets, and with every example switched on', () => {
    expect(() => loadConfig(activeEnv, root)).not.toThrow();
    const all = loadConfig({ ...activeEnv, ...exampleEnv }, root);
    expect(all.s3?.bucket).toBe(exampleEnv.S3_BUCKET);
    expect(activeEnv).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1,::1' });
  });
});

describe('deploy/nginx/amora.conf', () => {
  it('proxies to the address the environment file makes the app listen on', () => {
    const upstream = findAll(nginx, 'upstream')[0]!;
    expect(argsOf(upstream.block!, 'server')).toEqual([[`${activeEnv.HOST}:${activeEnv.PORT}`]]);
    const passes = argsOf(tlsServer.block!, 'proxy_pass').map(([target]) => target);
    expect(new Set(passes)).toEqual(new Set([`http://${upstream.args[0]}`]));
  });

  it('closes idle upstream connections before the app would, and reuses them (HTTP/1.1, no Connection header)', () => {
    const upstream = findAll(nginx, 'upstream')[0]!.block!;
    expect(Number(argsOf(upstream, 'keepalive')[0]?.[0])).toBeGreaterThan(0);
    const idle = nginxTimeMs(argsOf(upstream, 'keepalive_timeout')[0]![0]!);
    expect(idle).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
    expect(argsOf(tlsServer.block!, 'proxy_http_version')).toEqual([['1.1']]);
    expect(argsOf(tlsServer.block!, 'proxy_set_header')).toContainEqual(['Connection', '']);
  });

  it('listens with TLS and HTTP/2, and sends plain HTTP to https', () => {
    for (const listen of argsOf(tlsServer.block!, 'listen')) expect(listen.slice(1)).toEqual(['ssl', 'http2']);
    const plain = serverBlocks.find((server) => server !== tlsServer)!;
    expect(argsOf(plain.block!, 'return')).toContainEqual(['301', 'https://$host$request_uri']);
  });

  it('forwards the client address and scheme the way TRUST_PROXY reads them, in every location', () => {
    const headers = argsOf(tlsServer.block!, 'proxy_set_header');
    expect(headers).toContainEqual(['X-Forwarded-For', '$proxy_add_x_forwarded_for']);
    expect(headers).toContainEqual(['X-Forwarded-Proto', '$scheme']);
    // A proxy_set_header inside a location would replace all of the server's for that location.
    for (const location of findAll(tlsServer.block!, 'location'))
      expect(argsOf(location.block!, 'proxy_set_header'), location.args.join(' ')).toEqual([]);
  });

  it('streams /api/events.php unbuffered with a read timeout far above the heartbeat', () => {
    const events = findAll(tlsServer.block!, 'location').find((l) => l.args.join(' ') === '= /api/events.php')!;
    expect(argsOf(events.block!, 'proxy_buffering')).toEqual([['off']]);
    expect(nginxTimeMs(argsOf(events.block!, 'proxy_read_timeout')[0]![0]!)).toBeGreaterThan(2 * HEARTBEAT_MS);
  });

  it('lets a photo of the largest allowed size through, with its multipart framing', () => {
    const limit = nginxSizeBytes(argsOf(tlsServer.block!, 'client_max_body_size')[0]![0]!);
    expect(limit).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024);
  });
});

describe('deploy/systemd/amora.service and deploy/Procfile', () => {
  const unit = read('deploy/systemd/amora.service');
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];

  it('runs scripts/serve.mjs with the environment file, its state in DATA_DIR', () => {
    expect(setting('ExecStart')).toBe('/srv/amora/node_modules/.bin/node scripts/serve.mjs');
    expect(setting('WorkingDirectory')).toBe('/srv/amora');
    expect(envText).toContain(`copy to ${setting('EnvironmentFile')}`);
    expect(activeEnv.DATA_DIR).toBe(`/var/lib/${setting('StateDirectory')}`);
    expect(read('deploy/Procfile')).toMatch(/^web: .*node_modules\/\.bin\/node scripts\/serve\.mjs\n$/);
  });

  it('passes systemd-analyze verify when installed in this checkout', () => {
    const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    expect(analyze.error, 'systemd-analyze is missing: apt-get install -y systemd (.ci/run does)').toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-unit-'));
    const file = path.join(dir, 'amora.service');
    fs.writeFileSync(file, unit.replaceAll('/srv/amora', root));
    const verify = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
    expect(verify.status).toBe(0);
  });
});
