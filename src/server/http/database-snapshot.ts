import os from 'node:os';
import type { AppContext } from '../context';
import { snapshotOpenPglite } from '../backup';
import { isValidSnapshotAuthorization } from '../backup';
import { isLoopbackAddress, parseIpAddress } from '../platform/security/public-address';
import { errorResponse } from './responses';

/**
 * `POST /api/internal/database-snapshot` (docs/architecture.md §5 Backups): the running server's
 * copy of its embedded database, for `npm run backup`, which must not open a folder the server
 * holds. Answered only to a peer on this machine (a loopback address, or one of the machine's own
 * addresses when HOST names one) that sent no proxy headers (a local reverse proxy relays the
 * internet from such an address) and carries the app secret's time-bound HMAC
 * (`snapshotAuthorization`); anything else gets the API's plain 404, so the endpoint is not seen
 * from outside. On PostgreSQL it is a 404 too (`pg_dump` backs that up). Answers the
 * `dumpDataDir` tarball (`application/x-tar`).
 */
export async function databaseSnapshotResponse(ctx: AppContext, request: Request, peer: string): Promise<Response> {
  const relayed = request.headers.has('x-forwarded-for') || request.headers.has('forwarded');
  if (
    request.method !== 'POST' ||
    relayed ||
    !isThisMachine(peer) ||
    ctx.database.raw.kind !== 'pglite' ||
    // The wall clock, not ctx.clock: the token was made by another process from its own wall clock.
    !isValidSnapshotAuthorization(ctx.secret, request.headers.get('authorization'), Date.now())
  ) {
    return errorResponse('not_found');
  }
  const started = performance.now();
  const tarball = await snapshotOpenPglite(ctx.database.raw.client);
  ctx.log.info('database snapshot', { bytes: tarball.byteLength, ms: Math.round(performance.now() - started) });
  return new Response(new Uint8Array(tarball), {
    headers: {
      'content-type': 'application/x-tar',
      'content-length': String(tarball.byteLength),
      // no-transform: the server's compression leaves the tarball alone (the backup compresses it once).
      'cache-control': 'no-store, no-transform',
    },
  });
}

/** True for a loopback address or an address of one of this machine's network interfaces. */
function isThisMachine(peer: string): boolean {
  if (isLoopbackAddress(peer)) return true;
  const address = parseIpAddress(peer)?.toNormalizedString();
  if (!address) return false;
  return Object.values(os.networkInterfaces())
    .flat()
    .some((entry) => entry && parseIpAddress(entry.address)?.toNormalizedString() === address);
}
