import { describe, expect, it } from 'vitest';
import { nextStepValue, resumeStep, stepAfterAccount } from './signup-steps';

describe('docs/product.md §4 signup steps', () => {
  it('routes after account creation by push support', () => {
    expect(stepAfterAccount({ isCapable: true, permission: 'granted', hasSubscription: true })).toBe(3);
    expect(stepAfterAccount({ isCapable: true, permission: 'denied', hasSubscription: false })).toBe(3);
    expect(stepAfterAccount({ isCapable: true, permission: 'default', hasSubscription: false })).toBe(1);
    expect(stepAfterAccount({ isCapable: false, permission: 'default', hasSubscription: false })).toBe(3);
  });
  it('only moves forward', () => {
    expect(nextStepValue(4, 2)).toBe(4);
    expect(nextStepValue(4, 5)).toBe(5);
    expect(nextStepValue(6, 9)).toBe(7);
  });
  it('resumes at 1–6 and not at all after step 7', () => {
    expect(resumeStep(0)).toBe(1);
    expect(resumeStep(4)).toBe(4);
    expect(resumeStep(6)).toBe(6);
    expect(resumeStep(7)).toBeNull();
  });
});
