import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { completeSignupLinkResponse } from '~/server/http/complete-signup-link';

/** The complete-signup reminder's link (docs/product.md §10): log in, then resume the wizard. */
export const GET: APIRoute = async (context) => completeSignupLinkResponse(await getAppContext(), context);
