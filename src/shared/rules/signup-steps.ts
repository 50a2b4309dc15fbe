/**
 * docs/product.md §4 signup steps 0–7 (forward only) and where a logged-in member resumes.
 */
export const LAST_STEP = 7;

/** The step a logged-in member resumes at (1–6), or null when signup is complete (step 7 reached). */
export function resumeStep(lastSignupStep: number): number | null {
  if (lastSignupStep >= LAST_STEP) return null;
  return Math.min(6, Math.max(1, lastSignupStep));
}

/** docs/product.md §4: the step counter only moves forward. */
export function nextStepValue(current: number, requested: number): number {
  return Math.min(LAST_STEP, Math.max(current, requested));
}

/**
 * docs/product.md §4 step after the account is created: push supported with an existing
 * subscription → 3 (it is added to the account); denied → 3; supported and not
 * denied → 1 (offer push); unsupported → 3.
 */
export function stepAfterAccount(push: {
  isCapable: boolean;
  permission: 'default' | 'granted' | 'denied';
  hasSubscription: boolean;
}): 1 | 3 {
  if (!push.isCapable || push.permission === 'denied' || push.hasSubscription) return 3;
  return 1;
}
