import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { metricsResponse } from '~/server/http/metrics-endpoint';

/** `GET /metrics`: Prometheus series for an allowed scraper (docs/architecture.md §5 Metrics). */
export const GET: APIRoute = async (context) => metricsResponse(await getAppContext(), context);
