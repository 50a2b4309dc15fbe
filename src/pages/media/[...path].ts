import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { mediaResponse } from '~/server/http/media';

/** Serves stored media (avatars, uploads) under the default `cdn_prefix` `/media`. */
export const GET: APIRoute = async ({ params, request }) =>
  mediaResponse(await getAppContext(), params.path ?? '', request);
