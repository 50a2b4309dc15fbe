import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A document whose boot element holds `boot`. */
function stubBoot(boot: unknown) {
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'amora-boot' ? { textContent: JSON.stringify(boot) } : null),
  });
}

describe('pageTrafficSource (docs/product.md §5)', () => {
  it("is the traffic source the server put into the page's boot data", async () => {
    stubBoot({ packageName: 'amora', trafficSource: 'adnet' });
    const { pageTrafficSource } = await import('./traffic-source');
    expect(pageTrafficSource()).toBe('adnet');
  });

  it('is null without one, and outside a page', async () => {
    stubBoot({ packageName: 'amora', trafficSource: null });
    expect((await import('./traffic-source')).pageTrafficSource()).toBeNull();
    vi.resetModules();
    vi.stubGlobal('document', { getElementById: () => null });
    expect((await import('./traffic-source')).pageTrafficSource()).toBeNull();
  });
});
