import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { exportDownloadResponse } from '~/server/http/export-download';

/** The data export's one-time download link (docs/product.md §10 Data export). */
export const GET: APIRoute = async ({ request }) => exportDownloadResponse(await getAppContext(), request);
