import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { loadPgliteSnapshot } from '../../src/server/backup/pglite-snapshot';
import { loadConfig, type Config } from '../../src/server/config';
import { createContext, type AppContext } from '../../src/server/context';
import { paymentTransactions } from '../../src/server/db/schema';
import { databaseSnapshotResponse } from '../../src/server/http/database-snapshot';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { createLogger } from '../../src/server/log/logger';
import { totpCodeAt } from '../../src/server/operators/totp';
import { callApi } from './api';
import type { TestClock } from './context';
import { MEMBER_PASSWORD } from './factories';
import { callAdmin, loggedInOperator, OPERATOR_PASSWORD, operatorCookieFrom } from './operators';
import { purchaseHelpers } from './purchases';
import { loggedInMember } from './session';

/**
 * What the backup and migration tests put into a server and expect back from a restored one
 * (docs/architecture.md §5 Backups): a member with a password and an uploaded photo, an operator
 * enrolled with TOTP, and a paid purchase.
 */
export interface BackupSample {
  memberEmail: string;
  operatorEmail: string;
  totpSecret: string;
  paymentId: number;
  photoKey: string;
  photoBytes: Uint8Array;
}

/** A fresh temporary folder (removed by the caller). */
export const temporaryFolder = (prefix: string) => fs.mkdtemp(path.join(os.tmpdir(), `amora-${prefix}-`));

/** The configuration of a test server on `dataDir` (embedded database there unless DATABASE_URL is given). */
export function sampleConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', PHOTO_SCREENING: 'off', ...env });
}

/**
 * A context on `config`; on a fresh embedded folder the database starts from the test run's migrated
 * template (tests/helpers/pglite-template.ts) instead of initdb and every migration.
 */
export async function openSampleContext(config: Config, clock: TestClock): Promise<AppContext> {
  const template = inject('pgliteTemplate');
  const dbDir = config.databaseUrl.startsWith('file:') ? config.databaseUrl.slice('file:'.length) : null;
  if (template && dbDir && !(await fs.stat(path.join(dbDir, 'PG_VERSION')).catch(() => null))) {
    await loadPgliteSnapshot(await fs.readFile(template), dbDir, async () => undefined);
  }
  return createContext(config, { clock, log: createLogger('silent') });
}

/** Seeds the sample through the real endpoints (log-in, photo upload, operator enrolment, a paid purchase). */
export async function seedSample(ctx: AppContext, clock: TestClock): Promise<BackupSample> {
  const member = await loggedInMember(ctx, 'Backup');
  const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#a05070' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  const request = new Request('http://localhost:4321/api/profileimage.php', { method: 'POST', body: form });
  const uploaded = await callApi(ctx, profileImageEndpoint, '/api/profileimage.php', {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers: { 'content-type': request.headers.get('content-type')! },
    cookie: member.cookie,
  });
  expect(uploaded.status).toBe(200);
  const photoKey = uploaded.json.image.filename as string;
  const photoBytes = (await ctx.storage.get(photoKey))!;
  expect(photoBytes.byteLength).toBeGreaterThan(0);
  const operator = await loggedInOperator(ctx as AppContext & { clock: TestClock }, 'admin');
  const purchases = purchaseHelpers(() => ctx, clock);
  const paid = await purchases.buyPaid(await purchases.buyer());
  expect(paid.status).toBe('paid');
  return {
    memberEmail: 'backup@example.com',
    operatorEmail: operator.email,
    totpSecret: operator.secret,
    paymentId: paid.id,
    photoKey,
    photoBytes,
  };
}

/**
 * Checks a restored server has the sample: the member logs in with the password, the operator logs
 * in with password and a TOTP code made from the secret (decrypting it needs the app secret of the
 * backup), the paid purchase and the photo's bytes are there.
 */
export async function expectSample(ctx: AppContext, clock: TestClock, sample: BackupSample): Promise<void> {
  const member = await callApi(ctx, loginEndpoint, '/api/login.php', {
    method: 'POST',
    body: { email: sample.memberEmail, password: MEMBER_PASSWORD },
  });
  expect(member.status).toBe(200);
  clock.advance(30_000); // a TOTP step of its own, never the one the enrolment used
  const first = await callAdmin(ctx, '/admin/api/login', {
    method: 'POST',
    body: { email: sample.operatorEmail, password: OPERATOR_PASSWORD },
  });
  expect(first.status).toBe(200);
  expect(first.json.enrolment).toBeNull();
  const second = await callAdmin(ctx, '/admin/api/second-factor', {
    method: 'POST',
    body: { code: await totpCodeAt(sample.totpSecret, clock.now().getTime()) },
    cookie: operatorCookieFrom(first.cookies),
  });
  expect(second.status).toBe(200);
  const [payment] = await ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, sample.paymentId));
  expect(payment?.status).toBe('paid');
  expect(Buffer.from((await ctx.storage.get(sample.photoKey))!)).toEqual(Buffer.from(sample.photoBytes));
}

/**
 * A loopback HTTP server answering the snapshot endpoint the way the app does (the handler with the
 * socket's peer address), so a backup can ask a "running server" whose database stays open.
 */
export async function serveSnapshots(ctx: AppContext): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers });
    void databaseSnapshotResponse(ctx, request, req.socket.remoteAddress ?? 'unknown').then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback URL where nothing listens (a port just freed). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A throw-away PostgreSQL database on the local server: its URL and a function dropping it. */
export function scratchPostgres(name: string): { url: string; drop: () => Promise<void> } {
  const base = 'postgres://postgres@127.0.0.1:5432';
  return {
    url: `${base}/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
