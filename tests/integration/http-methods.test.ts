import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestFromNodeRequest } from 'astro/app/node';
import { afterEach, describe, expect, it } from 'vitest';
import { guardRequestMethods } from '../../scripts/method-guard.mjs';

/**
 * The node adapter's first step for every call (its `createAppHandler`): build a `Request`
 * from the Node request, else log and answer 500. `reached` counts the calls that got past it.
 */
function adapterStandIn() {
  const state = { reached: 0 };
  const server = http.createServer((req, res) => {
    try {
      createRequestFromNodeRequest(req);
    } catch {
      res.statusCode = 500;
      res.end('Internal Server Error');
      return;
    }
    state.reached += 1;
    res.end('app');
  });
  return { server, state };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** One raw HTTP call (fetch refuses to send TRACE). */
function send(port: number, method: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request methods the app cannot take (docs/product.md §8 method_not_allowed)', () => {
  it('would be a 500 from the adapter alone', async () => {
    const { server } = adapterStandIn();
    expect((await send(await listen(server), 'TRACE', '/')).status).toBe(500);
  });

  it('answers TRACE with 405 and Allow before the adapter runs, JSON under /api/', async () => {
    const { server, state } = adapterStandIn();
    guardRequestMethods(server);
    const port = await listen(server);
    const page = await send(port, 'TRACE', '/members');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD, POST, PUT, DELETE, OPTIONS');
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    const api = await send(port, 'TRACE', '/api/search.php');
    expect(api.status).toBe(405);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: 'method_not_allowed', message: 'errors.method_not_allowed' },
    });
    expect(state.reached).toBe(0);
  });

  it('hands every other method to the adapter', async () => {
    const { server, state } = adapterStandIn();
    guardRequestMethods(server);
    const port = await listen(server);
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'PROPFIND']) {
      expect((await send(port, method, '/')).status, method).toBe(200);
    }
    expect(state.reached).toBe(8);
  });
});
