import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, IMMUTABLE, KEEP_ALIVE_TIMEOUT_MS, REVALIDATE } from '../../scripts/app-server.mjs';
import { precompress } from '../../scripts/precompress.mjs';

/**
 * The production server's compression (docs/architecture.md §3 Serving and compression): a
 * build-like static folder precompressed by the build step, and an app stand-in answering
 * HTML, JSON, a small JSON and an event stream the way the Astro adapter writes them.
 */
const script = `export const members = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: "member ${i}" }`).join(',')}];\n`;
/** A bundler runtime's size (~600 B): under the old 1 KB floor, still a third smaller compressed. */
const smallScript = `var e=Object.create,t=Object.defineProperty,n=Object.getOwnPropertyDescriptor,r=Object.getOwnPropertyNames;${Array.from({ length: 12 }, (_, i) => `export const f${i}=(a,b)=>t(a,"k${i}",{get:()=>n(b,"k${i}"),enumerable:!0});`).join('')}\n`;
const html = `<!doctype html><html><body>${'<article class="card">Anna, 31, Amsterdam</article>'.repeat(200)}</body></html>`;
const json = JSON.stringify({
  profiles: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Member ${i}`, city: 'Utrecht' })),
});

let dir: string;
let server: http.Server;
let port: number;

function app(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.url === '/members') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(html.slice(0, 1000));
    res.end(html.slice(1000));
  } else if (req.url === '/api/search.php') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(json);
  } else if (req.url === '/api/small.php') {
    // As jsonResponse() answers: with its length, so the size is known when the headers go out.
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '11' });
    res.end('{"ok":true}');
  } else if (req.url === '/api/events.php') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(`data: ${'x'.repeat(2000)}\n\n`);
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
}

/** One GET with the given Accept-Encoding (fetch would decode the body); the raw body as bytes. */
function get(url: string, acceptEncoding: string | null, onFirstChunk?: (body: Buffer) => void) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    const req = http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (onFirstChunk && chunks.length === 1) {
          onFirstChunk(chunk);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: chunk });
          req.destroy();
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', (error) => (onFirstChunk ? undefined : reject(error)));
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-compression-'));
  fs.mkdirSync(path.join(dir, '_astro'));
  fs.writeFileSync(path.join(dir, '_astro', 'members.Ab12Cd.js'), script);
  fs.writeFileSync(path.join(dir, 'sw.js'), script);
  fs.writeFileSync(path.join(dir, 'tiny.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, '_astro', 'runtime.js'), smallScript);
  // A compressible type whose bytes do not compress (random): no copy is worth keeping.
  fs.writeFileSync(path.join(dir, '_astro', 'random.txt'), crypto.randomBytes(600));
  fs.writeFileSync(path.join(dir, 'icon.png'), zlib.gzipSync(Buffer.alloc(4000, 1)));
  fs.mkdirSync(path.join(dir, 'sites', 'amora'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'sites', 'amora', 'index.html'), html);
  await precompress(dir);
  server = createAppServer({ clientDir: dir, app });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('build step: precompressed static files', () => {
  it('writes .br and .gz next to compressible files they make 10 % smaller, small scripts too; nothing for tiny, incompressible, binary or pre-rendered files', () => {
    const js = path.join(dir, '_astro', 'members.Ab12Cd.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    const small = path.join(dir, '_astro', 'runtime.js');
    expect(Buffer.byteLength(smallScript)).toBeLessThan(1024);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${small}.br`)).toString()).toBe(smallScript);
    expect(fs.statSync(`${small}.br`).size).toBeLessThan(Buffer.byteLength(smallScript) * 0.9);
    expect(fs.existsSync(path.join(dir, '_astro', 'random.txt.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, '_astro', 'random.txt.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'icon.png.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'sites', 'amora', 'index.html.br'))).toBe(false);
  });
});

describe('static files', () => {
  it('sends the brotli copy to a browser that accepts it, with the type of the original and Vary', async () => {
    const res = await get('/_astro/members.Ab12Cd.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file with identity or no header', async () => {
    const gzip = await get('/_astro/members.Ab12Cd.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    for (const accept of ['identity', null]) {
      const plain = await get('/_astro/members.Ab12Cd.js', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('lets files without a content hash revalidate', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });
});

describe("the app's answers", () => {
  it('compresses HTML with brotli, else gzip, else sends it as is, always with Vary', async () => {
    const br = await get('/members', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    expect(br.body.byteLength).toBeLessThan(html.length / 5);
    const gzip = await get('/members', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(html);
    const identity = await get('/members', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(html);
    for (const res of [br, gzip, identity]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses JSON over 1 KB but not a tiny answer', async () => {
    const big = await get('/api/search.php', 'br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.body).toString())).toEqual(JSON.parse(json));
    const small = await get('/api/small.php', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
  });

  it('never compresses an event stream: its first event arrives as written', async () => {
    let first = '';
    const res = await get('/api/events.php', 'gzip, br', (chunk) => (first = chunk.toString()));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(first.startsWith('data: xxx')).toBe(true);
  });
});

describe('connections', () => {
  it('keeps an idle keep-alive connection longer than a load balancer does (60 s), and says so', async () => {
    const res = await get('/api/small.php', null);
    expect(res.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
