import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

/**
 * nginx on loopback in front of a test's app, from the shipped site config
 * deploy/nginx/amora.conf (docs/architecture.md §5 Deployment): the test renders that file by
 * replacing only the example values its header names, under a minimal main config whose pid,
 * logs and temporary files live in a temporary folder, with a fresh self-signed certificate for
 * 127.0.0.1. nginx runs in the foreground as the current user.
 */

const SITE_CONFIG = path.resolve(import.meta.dirname, '../../deploy/nginx/amora.conf');
const INSTALL_HINT = 'install it with `apt-get install -y nginx` (.ci/run does this when it is missing)';

/** The nginx binary: NGINX_BIN, else Debian's /usr/sbin/nginx, else `nginx` on the PATH. */
function nginxBinary(): string {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx'].filter(Boolean);
  const found = candidates.find((file) => fs.existsSync(file!));
  if (found) return found;
  if (spawnSync('nginx', ['-v']).error === undefined) return 'nginx';
  throw new Error(`nginx is not installed: ${INSTALL_HINT}`);
}

/** Ports and files the shipped config's example values become on loopback. */
export interface NginxLoopback {
  tlsPort: number;
  httpPort: number;
  appPort: number;
  certDir: string;
}

/**
 * deploy/nginx/amora.conf with its example values replaced for loopback (IPv6 listens dropped).
 * @throws Error when an example value is no longer in the file (the file and this test disagree).
 */
export function renderSiteConfig(template: string, at: NginxLoopback): string {
  const replacements: [string, string][] = [
    ['listen 443 ssl http2;', `listen 127.0.0.1:${at.tlsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['listen 80;', `listen 127.0.0.1:${at.httpPort};`],
    ['listen [::]:80;', ''],
    ['127.0.0.1:4321', `127.0.0.1:${at.appPort}`],
    ['www.mybrand.example', '127.0.0.1'],
    ['/etc/ssl/amora/', `${at.certDir}/`],
  ];
  let text = template;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`deploy/nginx/amora.conf no longer contains "${from}"`);
    text = text.replaceAll(from, to);
  }
  return text;
}

/** The main config around the site: everything nginx writes goes into `dir`. */
function mainConfig(dir: string): string {
  const temp = (name: string) => path.join(dir, 'temp', name);
  return [
    // As root nginx would hand its workers to `nobody`, who cannot use this private folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    `  client_body_temp_path ${temp('client_body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${path.join(dir, 'amora.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** Resolves once `https://127.0.0.1:{port}` completes a TLS handshake with `cert`. */
function handshake(port: number, cert: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.request({ host: '127.0.0.1', port, path: '/', method: 'HEAD', ca: cert }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
    request.end();
  });
}

/**
 * Starts nginx with the rendered shipped config in front of the app on `appPort`.
 * @returns its https origin, the certificate (PEM, for clients that verify), the process id,
 *   the folder with its logs, and `stop()`.
 * @throws Error naming nginx's own message when the config does not pass `nginx -t`.
 */
export async function startNginx(at: Omit<NginxLoopback, 'certDir'>) {
  const binary = nginxBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-nginx-'));
  const certDir = path.join(dir, 'tls');
  for (const sub of ['tls', 'temp']) fs.mkdirSync(path.join(dir, sub));
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  fs.writeFileSync(path.join(certDir, 'fullchain.pem'), pems.cert);
  fs.writeFileSync(path.join(certDir, 'privkey.pem'), pems.private, { mode: 0o600 });
  fs.writeFileSync(
    path.join(dir, 'amora.conf'),
    renderSiteConfig(fs.readFileSync(SITE_CONFIG, 'utf8'), { ...at, certDir }),
  );
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const deadline = Date.now() + 15_000;
  while (!(await handshake(at.tlsPort, pems.cert))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start: ${errors.join('')}${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `https://127.0.0.1:${at.tlsPort}`,
    cert: pems.cert,
    pid: child.pid!,
    dir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
