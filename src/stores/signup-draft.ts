import { addDays, isBefore } from 'date-fns';
import { z } from 'zod';
import { readStoredSignupDraft, removeStoredSignupDraft, storeSignupDraft } from '../client/signup-draft';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '~/shared/constants';
import { PERSONAL_MAX_LENGTH } from '~/shared/contracts/values';

/**
 * Signup form drafts (docs/product.md §3): what was typed into the signup forms survives a reload
 * and a return within SIGNUP_DRAFT_MAX_AGE_DAYS in the same browser, one draft per site
 * (src/client/signup-draft.ts). Step 0 keeps the visitor's e-mail and name, never the password;
 * steps 4 and 5 keep the member's date of birth and notes ("about me"), tied to that member. A
 * field is forgotten once the server has it: the whole draft when a session starts or ends
 * (src/stores/session.ts: signup, log-in, log-out), the date of birth and the notes when their
 * step is saved (src/stores/signup.ts).
 */

/** docs/product.md §3: a draft is kept this many days after its last change, then dropped. */
export const SIGNUP_DRAFT_MAX_AGE_DAYS = 7;

/**
 * The stored draft. `savedAt`: ms since epoch of the last change. `dateOfBirth` is
 * `year-month-day` as far as chosen (any part may be empty); it and `personal` need the `memberId`
 * they belong to. Anything else (an unknown field such as a password, a wrong type, a value too
 * long) makes the whole draft invalid: it is dropped, not repaired.
 */
const storedDraftSchema = z
  .strictObject({
    savedAt: z.number().int().nonnegative(),
    email: z.string().min(1).max(EMAIL_MAX_LENGTH).optional(),
    name: z.string().min(1).max(NAME_MAX_LENGTH).optional(),
    memberId: z.number().int().positive().optional(),
    dateOfBirth: z
      .string()
      .regex(/^\d{0,4}-\d{0,2}-\d{0,2}$/)
      .optional(),
    personal: z.string().min(1).max(PERSONAL_MAX_LENGTH).optional(),
  })
  .refine((draft) => draft.memberId !== undefined || (draft.dateOfBirth ?? draft.personal) === undefined);

type DraftFields = Omit<z.infer<typeof storedDraftSchema>, 'savedAt'>;

/** True when a draft saved at `savedAt` (ms since epoch) is 7 days old or more at `now`, or saved in the future. */
export function isSignupDraftExpired(savedAt: number, now: Date): boolean {
  const saved = new Date(savedAt);
  return saved > now || !isBefore(now, addDays(saved, SIGNUP_DRAFT_MAX_AGE_DAYS));
}

/** The stored draft's fields; an invalid or expired draft is removed and reads as empty. */
function readDraft(now: Date): DraftFields {
  const stored = readStoredSignupDraft();
  if (stored === undefined) return {};
  const parsed = storedDraftSchema.safeParse(stored);
  if (!parsed.success || isSignupDraftExpired(parsed.data.savedAt, now)) {
    removeStoredSignupDraft();
    return {};
  }
  const { savedAt: _savedAt, ...fields } = parsed.data;
  return fields;
}

/** Stores the non-empty fields with `savedAt` = now (values cut to what the draft allows); removes an empty draft. */
function writeDraft(fields: DraftFields, now: Date): void {
  const draft: DraftFields = {};
  if (fields.email) draft.email = fields.email.slice(0, EMAIL_MAX_LENGTH);
  if (fields.name) draft.name = fields.name.slice(0, NAME_MAX_LENGTH);
  if (fields.memberId !== undefined) {
    if (fields.dateOfBirth && fields.dateOfBirth !== '--') draft.dateOfBirth = fields.dateOfBirth;
    if (fields.personal) draft.personal = fields.personal.slice(0, PERSONAL_MAX_LENGTH);
    if (draft.dateOfBirth !== undefined || draft.personal !== undefined) draft.memberId = fields.memberId;
  }
  if (Object.keys(draft).length === 0) removeStoredSignupDraft();
  else storeSignupDraft({ ...draft, savedAt: now.getTime() });
}

/** Step 0: the e-mail and first name a visitor typed on this site ('' each when none). */
export function restoreAccountDraft(now = new Date()): { email: string; name: string } {
  const { email = '', name = '' } = readDraft(now);
  return { email, name };
}

/**
 * Step 0: keeps the form's e-mail and first name (an empty one is forgotten). Only these two are
 * taken from `values`: a password passed along is never stored.
 */
export function saveAccountDraft(values: { email: string; name: string }, now = new Date()): void {
  writeDraft({ ...readDraft(now), email: values.email.trim(), name: values.name }, now);
}

/**
 * Steps 4 and 5: member `memberId`'s date of birth (`[year, month, day]`, parts may be empty) and
 * notes not yet saved; null each when there is none. Another member's leftovers are never returned.
 */
export function restoreProfileDraft(
  memberId: number,
  now = new Date(),
): { dateOfBirth: string[] | null; personal: string | null } {
  const draft = readDraft(now);
  if (draft.memberId !== memberId) return { dateOfBirth: null, personal: null };
  return { dateOfBirth: draft.dateOfBirth?.split('-') ?? null, personal: draft.personal ?? null };
}

/** Steps 4 and 5: keeps member `memberId`'s date of birth or notes as chosen; another member's draft fields are replaced. */
export function saveProfileDraft(
  memberId: number,
  patch: { dateOfBirth?: string[]; personal?: string },
  now = new Date(),
): void {
  const draft = readDraft(now);
  const own = draft.memberId === memberId ? draft : { email: draft.email, name: draft.name };
  writeDraft(
    {
      ...own,
      memberId,
      ...(patch.dateOfBirth ? { dateOfBirth: patch.dateOfBirth.join('-') } : {}),
      ...(patch.personal !== undefined ? { personal: patch.personal } : {}),
    },
    now,
  );
}

/** Forgets fields the server now has (a saved step): `dateOfBirth` after step 4, `personal` after step 5. */
export function forgetSignupDraftFields(fields: readonly ('dateOfBirth' | 'personal')[], now = new Date()): void {
  if (fields.length === 0) return;
  const draft = readDraft(now);
  if (!fields.some((field) => draft[field] !== undefined)) return;
  for (const field of fields) delete draft[field];
  writeDraft(draft, now);
}
