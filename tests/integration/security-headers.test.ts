import { describe, expect, it } from 'vitest';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { settingsEndpoint } from '../../src/server/http/endpoints/settings';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { openStream } from '../helpers/event-stream';
import { loggedInMember } from '../helpers/session';
import { eventStreamResponse } from '../../src/server/http/event-stream';
import { ORIGIN } from '../helpers/api';

const { ctx } = useTestContext();

/**
 * docs/architecture.md §3 security headers: the API's and the event stream's answers tell the
 * browser not to guess another type than the one sent (`X-Content-Type-Options: nosniff`).
 */
describe('nosniff on API and event-stream answers', () => {
  it('is on JSON answers, successes and failures alike', async () => {
    const ok = await callApi(ctx(), settingsEndpoint, '/api/settings.php');
    expect(ok.status).toBe(200);
    expect(ok.response.headers.get('x-content-type-options')).toBe('nosniff');
    const unknownSite = await callApi(ctx(), settingsEndpoint, '/api/settings.php', { packageName: 'nope' });
    expect(unknownSite.status).toBe(400);
    expect(unknownSite.response.headers.get('x-content-type-options')).toBe('nosniff');
    const visitor = await callApi(ctx(), likesEndpoint, '/api/likes.php');
    expect(visitor.status).toBe(403);
    expect(visitor.response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("is on the member's event stream and on its refusal", async () => {
    const refused = await eventStreamResponse(ctx(), new Request(`${ORIGIN}/api/events.php`));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    const member = await loggedInMember(ctx(), 'Nora');
    const stream = await openStream(ctx(), member.cookie);
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await stream.close();
    }
  });
});
