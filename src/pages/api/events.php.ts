import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { eventStreamResponse } from '~/server/http/event-stream';

export const GET: APIRoute = async ({ request }) => eventStreamResponse(await getAppContext(), request);
