import { map } from 'nanostores';
import { callApi } from '../client/api';
import { profileUpdateSchema, type ProfileUpdate } from '~/shared/contracts/profile-update';
import { checkDateOfBirth } from '~/shared/rules/profile-rules';
import { isNameEqualToEmail } from '~/shared/rules/signup-rules';
import { failureIssues, failureMessageKey } from './failures';
import { $user } from './session';
import * as routes from '~/shared/contracts/routes';
import { issueMessageKey } from '~/shared/contracts/issue-keys';

/**
 * Editing the profile on /profile (docs/product.md §10 /profile): each section (basics,
 * about me, location) saves on its own through `PUT /api/user.php`, with the signup rules
 * (docs/product.md §5) checked here first and again by the server. A refused save writes
 * nothing and shows field errors (message keys by field path).
 */
export type ProfileSection = 'basics' | 'about' | 'location';

export interface SectionState {
  status: 'idle' | 'saving' | 'saved' | 'error';
  /** Field path → message key (`name`, `date_of_birth`, `city`, `fields.smoking`, …). */
  errors: Record<string, string>;
  /** Message key of a failure that is not about one field (network, server). */
  formError: string | null;
}

const idle: SectionState = { status: 'idle', errors: {}, formError: null };
export const $profileSections = map<Record<ProfileSection, SectionState>>({
  basics: idle,
  about: idle,
  location: idle,
});

/**
 * The field errors of `update` under the signup rules: schema (name 1–150 characters not
 * starting with @, city ≤ 255, notes ≤ 2,000), the name not being the e-mail address, and a
 * real date of birth at age 18 or more on `today`. `incompleteDate` marks a half-chosen date.
 */
export function validateProfileUpdate(
  update: ProfileUpdate,
  context: { email: string; today: Date; incompleteDate?: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = profileUpdateSchema.safeParse(update);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issueMessageKey(issue);
    }
  }
  if (update.name !== undefined && !errors.name && isNameEqualToEmail(update.name, context.email))
    errors.name = 'signup.name_equal_to_email';
  if (context.incompleteDate || (update.date_of_birth && checkDateOfBirth(update.date_of_birth, context.today)))
    errors.date_of_birth = 'profile.date_of_birth_error';
  return errors;
}

/** Forgets a section's errors and saved state (the member edits again). */
export function resetSection(section: ProfileSection): void {
  $profileSections.setKey(section, idle);
}

/**
 * Saves one section. @returns true when saved (the session's user is updated, so every island
 * shows the new values); false with field errors or a form error in `$profileSections`.
 */
export async function saveProfileSection(
  section: ProfileSection,
  update: ProfileUpdate,
  options: { incompleteDate?: boolean } = {},
): Promise<boolean> {
  const user = $user.get();
  const errors = validateProfileUpdate(update, {
    email: user?.email ?? '',
    today: new Date(),
    incompleteDate: options.incompleteDate,
  });
  if (Object.keys(errors).length > 0) {
    $profileSections.setKey(section, { status: 'error', errors, formError: null });
    return false;
  }
  $profileSections.setKey(section, { status: 'saving', errors: {}, formError: null });
  try {
    const { user: saved } = await callApi(routes.profileUpdate, { body: update });
    $user.set(saved);
    $profileSections.setKey(section, { status: 'saved', errors: {}, formError: null });
    return true;
  } catch (failure) {
    console.warn('saving the profile failed', failure);
    const fieldErrors: Record<string, string> = {};
    for (const issue of failureIssues(failure)) fieldErrors[issue.path] ??= issue.message;
    const formError = Object.keys(fieldErrors).length > 0 ? null : failureMessageKey(failure);
    $profileSections.setKey(section, { status: 'error', errors: fieldErrors, formError });
    return false;
  }
}
