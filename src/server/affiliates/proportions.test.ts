import { describe, expect, it } from 'vitest';
import { twoProportionTest, wilsonRate } from './proportions';

// Reference values worked out by hand from the formulas (z = 1.959964):
// Wilson 30/200: p = 0.15, centre = (0.15 + 1.92073/200) / (1 + 3.84146/200) = 0.156596,
// half = 1.959964 / 1.019207 × √(0.15·0.85/200 + 3.84146/160000) = 0.049460 → [0.10714, 0.20606].
describe('conversion rate statistics (docs/product.md §12 Lander report)', () => {
  it('gives the Wilson score interval at 95 %', () => {
    const rate = wilsonRate(30, 200);
    expect(rate.rate).toBe(0.15);
    expect(rate.low).toBeCloseTo(0.10714, 4);
    expect(rate.high).toBeCloseTo(0.20606, 4);
    // Edges: no successes still has an upper bound, all successes a lower one.
    expect(wilsonRate(0, 50).low).toBe(0);
    expect(wilsonRate(0, 50).high).toBeCloseTo(0.07135, 4);
    expect(wilsonRate(50, 50).high).toBe(1);
    expect(wilsonRate(50, 50).low).toBeCloseTo(0.92865, 4);
    expect(wilsonRate(3, 0)).toEqual({ successes: 3, trials: 0, rate: null, low: null, high: null });
  });

  it('tests two rates with the pooled two-proportion z-test', () => {
    // 45/200 against 30/200: pooled 0.1875, se = √(0.1875·0.8125·0.01) = 0.039031, z = 0.075 / 0.039031 = 1.92154.
    const { z, p } = twoProportionTest(wilsonRate(45, 200), wilsonRate(30, 200));
    expect(z).toBeCloseTo(1.92154, 4);
    expect(p).toBeCloseTo(0.05466, 4);
    // 60/200 against 30/200: z = 3.6365, clearly significant.
    expect(twoProportionTest(wilsonRate(60, 200), wilsonRate(30, 200)).p).toBeLessThan(0.001);
    expect(twoProportionTest(wilsonRate(0, 10), wilsonRate(0, 10))).toEqual({ z: 0, p: 1 });
    expect(twoProportionTest(wilsonRate(1, 0), wilsonRate(0, 10)).p).toBe(1);
  });
});
