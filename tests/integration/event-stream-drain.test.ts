import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { eventStreamResponse } from '../../src/server/http/event-stream';
import { createAppLifecycle } from '../../src/server/lifecycle/app-lifecycle';
import { drainRetryMs } from '../../src/server/realtime/stream';
import { ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

/** A context of its own whose lifecycle this test may drain (the file's context stays usable). */
const drainableContext = (): AppContext => ({ ...ctx(), lifecycle: createAppLifecycle() });

/** Reads a stream's whole text until the server ends it. */
async function readToEnd(response: Response): Promise<string> {
  return new Response(response.body).text();
}

/**
 * docs/architecture.md §3 Starting, health and restarts: when the process begins a graceful stop,
 * each open event stream tells its browser to reconnect soon (a `retry:` of 0.5–2 s) and closes,
 * so the browser resumes with its Last-Event-ID on another process; a stream asked for while
 * the process drains gets the same hint at once.
 */
describe('event streams during a graceful stop', () => {
  it('close with a short retry hint when the process drains, and open no new one while it does', async () => {
    const context = drainableContext();
    const member = await loggedInMember(context, 'Nora');
    const request = () => new Request(`${ORIGIN}/api/events.php`, { headers: { cookie: member.cookie } });
    const open = await eventStreamResponse(context, request());
    expect(open.status).toBe(200);
    const reader = open.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);

    context.lifecycle.drain();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    const retries = [...text.matchAll(/^retry: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(retries).toHaveLength(2);
    expect(retries[1]).toBeGreaterThanOrEqual(500);
    expect(retries[1]).toBeLessThan(2000);
    expect(text.endsWith(`retry: ${retries[1]}\n\n`)).toBe(true);

    const late = await eventStreamResponse(context, request());
    expect(late.status).toBe(200);
    expect(await readToEnd(late)).toMatch(/^retry: \d+\n\n$/);
  });

  it('spreads the reconnects over 0.5–2 s', () => {
    expect(drainRetryMs(() => 0)).toBe(500);
    expect(drainRetryMs(() => 0.999_999)).toBe(1999);
  });
});
