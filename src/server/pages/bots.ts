import { isbot } from 'isbot';

/** SPEC §2: bots do not get the error page; they get this plain answer. */
export function plainErrorForBot(userAgent: string | null, status: number, text: string): Response | null {
  if (!isbot(userAgent)) return null;
  return new Response(`${status} ${text}`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
