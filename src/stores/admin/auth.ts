import { atom } from 'nanostores';
import { callAdmin } from '~/client/admin-api';
import {
  adminLoginContract,
  adminLogoutContract,
  adminSecondFactorContract,
  adminSetupContract,
} from '~/shared/contracts/admin/auth';
import { createActionStore } from './action';

/** The console log-in's steps (docs/product.md §13 Access): password, then the code, then (first log-in) the recovery codes. */
export type LoginStep =
  | { kind: 'password' }
  | { kind: 'code'; enrolment: { secret: string; uri: string; qrSvg: string } | null; recovery: boolean }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'done' };

/**
 * The log-in form's store: `$step`, the call state (`action.$state`), and the verbs of each step.
 * `done` means the caller goes to the page it came for.
 */
export function createLoginStore() {
  const $step = atom<LoginStep>({ kind: 'password' });
  const action = createActionStore();
  return {
    $step,
    action,
    /** Sends e-mail and password; on success the code step (with the enrolment at a first log-in). */
    async submitPassword(email: string, password: string): Promise<void> {
      const answer = await action.run(() => callAdmin(adminLoginContract, { body: { email, password } }));
      if (answer) $step.set({ kind: 'code', enrolment: answer.enrolment, recovery: false });
    },
    /** Sends the authenticator code (spaces dropped) or a recovery code; then the recovery codes to save, or done. */
    async submitCode(value: string): Promise<void> {
      const step = $step.get();
      if (step.kind !== 'code') return;
      const code = value.trim();
      const answer = await action.run(() =>
        callAdmin(adminSecondFactorContract, {
          body: step.recovery ? { recoveryCode: code } : { code: code.replace(/\s/g, '') },
        }),
      );
      if (answer) $step.set(answer.recoveryCodes ? { kind: 'codes', codes: answer.recoveryCodes } : { kind: 'done' });
    },
    /** Switches between the authenticator code and a recovery code. */
    toggleRecovery(): void {
      const step = $step.get();
      if (step.kind === 'code') $step.set({ ...step, recovery: !step.recovery });
      action.reset();
    },
  };
}

/** Ends the operator session; a failure is ignored (the log-in page follows either way). */
export async function logOutOperator(): Promise<void> {
  await callAdmin(adminLogoutContract, { body: {} }).catch(() => undefined);
}

/** The shortest console password (docs/product.md §13 Access). */
const MIN_OPERATOR_PASSWORD = 12;

/**
 * The setup link's form store: checks the password (length, repeat) before sending it with the
 * link's token; `$done` holds the operator's e-mail address once set.
 */
export function createSetupStore(token: string) {
  const $done = atom<string | null>(null);
  const action = createActionStore();
  return {
    $done,
    action,
    async submit(password: string, repeat: string): Promise<void> {
      if (password.length < MIN_OPERATOR_PASSWORD) return action.fail({ key: 'setup.too_short' });
      if (password !== repeat) return action.fail({ key: 'setup.differ' });
      const answer = await action.run(() => callAdmin(adminSetupContract, { body: { token, password } }));
      if (answer) $done.set(answer.email);
    },
  };
}
