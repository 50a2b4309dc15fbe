import { afterAll, beforeAll } from 'vitest';
import crypto from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { generate } from 'selfsigned';

/** A received push request, decrypted with the subscription's keys. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
}

/**
 * A local HTTPS server (self-signed) standing in for a browser push service: it keeps the
 * subscription keys it handed out, receives web-push's encrypted POSTs and
 * decrypts them (RFC 8291 aes128gcm). `status` sets the answer (201, or 410 for gone).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const receivers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  let status = 201;
  let connections = 0;
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receiver = receivers.get(request.url ?? '');
      if (receiver && status === 201) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: receiver.ecdh,
          authSecret: receiver.auth.toString('base64url'),
        });
        received.push({
          path: request.url ?? '',
          headers: request.headers,
          payload: JSON.parse(plain.toString('utf8')),
        });
      }
      response.writeHead(status).end();
    });
  });
  // Counted at the TCP level: a refused subscription must not even open a connection here.
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    /** TCP connections accepted so far (including ones that failed TLS or sent nothing). */
    connections: () => connections,
    setStatus(next: number) {
      status = next;
    },
    /** A new subscription (endpoint + keys) on this stand-in service. */
    createSubscription() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const path = `/push/${crypto.randomUUID()}`;
      receivers.set(path, { ecdh, auth });
      return {
        endpoint: `https://127.0.0.1:${port}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts the stand-in push service before a test file's tests and stops it after them. */
export function usePushService(): () => Awaited<ReturnType<typeof startPushService>> {
  let service: Awaited<ReturnType<typeof startPushService>> | null = null;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error('push service used outside a test');
    return service;
  };
}
