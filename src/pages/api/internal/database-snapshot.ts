import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { databaseSnapshotResponse } from '~/server/http/database-snapshot';

/** The socket's own peer (not TRUST_PROXY's client address): only a direct loopback caller is answered. */
export const ALL: APIRoute = async (route) =>
  databaseSnapshotResponse(await getAppContext(), route.request, route.clientAddress);
