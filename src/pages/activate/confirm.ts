import type { APIRoute } from 'astro';
import { getAppContext } from '~/server/app';
import { confirmActivation } from '~/server/signup/activation';

/** The link of the activation mail: confirms the account, then /activate/done or /activate/error. */
export const GET: APIRoute = async ({ url, redirect }) => {
  const outcome = await confirmActivation(await getAppContext(), url.searchParams.get('token') ?? '');
  return redirect(outcome === 'done' ? '/activate/done' : `/activate/error?reason=${outcome}`, 303);
};
