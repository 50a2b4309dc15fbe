import { describe, expect, it } from 'vitest';

describe('zod in the browser build', () => {
  it('is zod with the eval fast path turned off', async () => {
    const { z } = await import('./zod-browser');
    expect(z.config().jitless).toBe(true);
    z.config({ jitless: false });
    expect(z.string().safeParse('x').success).toBe(true);
  });
});
