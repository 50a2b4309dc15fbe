import { atom, map } from 'nanostores';
import { callApi } from '../client/api';
import { currentPosition } from '../client/geolocation';
import { browserPushEnvironment } from '../client/push';
import { uploadProfileImage } from '../client/upload';
import type { User } from '~/shared/contracts/profile';
import type { ProfileUpdate } from '~/shared/contracts/profile-update';
import { resumeStep, stepAfterAccount } from '~/shared/rules/signup-steps';
import { addExistingSubscription } from './push';
import { $user, refreshUser } from './session';
import { forgetSignupDraftFields } from './signup-draft';
import { loadSettings } from './settings';
import * as routes from '~/shared/contracts/routes';

/**
 * The signup wizard (docs/product.md §2 steps 0–7, §4): the step only moves forward;
 * each completed step is stored as `lastSignupStep` so a member resumes where
 * they stopped.
 */
export const $signupStep = atom(0);

/** Activation progress (docs/product.md §4): a tick every 900 ms, done when delivered or after 20 ticks. */
export const ACTIVATION_TICK_MS = 900;
export const ACTIVATION_MAX_TICKS = 20;
export const $activation = map<{ tick: number; delivered: boolean; done: boolean }>({
  tick: 0,
  delivered: false,
  done: false,
});

/** Event raised on window when step 7 is reached (docs/product.md §4). */
export const SIGNUP_COMPLETE_EVENT = 'signup-flow-complete';

/** Starts the wizard: visitors at step 0, members at the step they stopped at; null when already complete. */
export function startWizard(user: User | null): number | null {
  const step = user ? resumeStep(user.profile.lastSignupStep) : 0;
  if (step !== null) $signupStep.set(step);
  return step;
}

/**
 * Moves forward (never back) and records the step on the account; a saved date of birth or
 * notes leave the signup draft (docs/product.md §3 Signup form drafts).
 */
export async function goToStep(step: number, update: ProfileUpdate = {}): Promise<void> {
  if (step <= $signupStep.get() && Object.keys(update).length === 0) return;
  const { user } = await callApi(routes.profileUpdate, { body: { ...update, lastSignupStep: step } });
  forgetSignupDraftFields([
    ...('date_of_birth' in update ? (['dateOfBirth'] as const) : []),
    ...('personal' in update ? (['personal'] as const) : []),
  ]);
  $user.set(user);
  if (step > $signupStep.get()) $signupStep.set(step);
  if (step === 7) window.dispatchEvent(new CustomEvent(SIGNUP_COMPLETE_EVENT, { detail: { userId: user.profile.id } }));
}

/** docs/product.md §4 routing after the account exists at step 0 (push decides 1 or 3). */
export async function afterAccountCreated(): Promise<void> {
  const env = browserPushEnvironment;
  const isCapable = env.isCapable();
  const permission = isCapable ? env.permission() : 'default';
  let hasSubscription = false;
  if (isCapable && permission === 'granted') {
    hasSubscription = await addExistingSubscription(env).catch((error: unknown) => {
      console.warn('adding the existing push subscription failed', error);
      return false;
    });
  }
  await goToStep(stepAfterAccount({ isCapable, permission, hasSubscription }));
}

/** A place for the location fields of step 3 (ISO country, region id, city; empty city: none). */
export interface Place {
  country: string;
  countryregion: string | null;
  city: string;
}

/** docs/product.md §4 step 3: browser position → `GET /api/geocode.php` → prefill; null when unknown. */
export async function locateMember(): Promise<Place | null> {
  const position = await currentPosition();
  if (!position) return null;
  try {
    return await callApi(routes.geocode, { query: { lat: position.lat, lon: position.lon } });
  } catch (error) {
    console.warn('geocoding failed', error);
    return null;
  }
}

/**
 * docs/product.md §2 step 3: what the location step prefills. The geocoded browser position
 * (`locateMember`) when it lies in one of `countries` (the site's country codes); else the
 * visitor's country by IP address (`geoip_selected_country` of `GET /api/settings.php`, loaded once
 * per page) without region or city, when it is one of `countries`; null when neither is known
 * (the settings call failing is logged, not thrown). The step only fills fields still empty.
 */
export async function prefillLocation(countries: readonly string[]): Promise<Place | null> {
  const place = await locateMember();
  if (place && countries.includes(place.country)) return place;
  try {
    const country = (await loadSettings()).geoip_selected_country;
    return countries.includes(country) ? { country, countryregion: null, city: '' } : null;
  } catch (error) {
    console.warn('settings for the location prefill failed', error);
    return null;
  }
}

/**
 * docs/product.md §4 step 6: polls `GET /api/activate.php` every 900 ms (the first poll also
 * refetches the user) until delivered or 20 ticks, then goes to step 7.
 * Returns a stop function.
 */
export function runActivation(): () => void {
  $activation.set({ tick: 0, delivered: false, done: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = async (count: number) => {
    if (stopped) return;
    if (count === 0) await refreshUser();
    let delivered = false;
    try {
      delivered = (await callApi(routes.activation)).delivered;
    } catch (error) {
      console.warn('activation poll failed', error);
    }
    if (stopped) return;
    const next = count + 1;
    const done = delivered || next >= ACTIVATION_MAX_TICKS;
    $activation.set({ tick: next, delivered, done });
    if (done) {
      await goToStep(7).catch((error: unknown) => console.warn('saving step 7 failed', error));
      return;
    }
    timer = setTimeout(() => void tick(next), ACTIVATION_TICK_MS);
  };
  timer = setTimeout(() => void tick(0), 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/**
 * After an e-mail change: polls `GET /api/activate.php` (900 ms, at most 20
 * times) until the mail to the new address is accepted. @returns delivered.
 */
export async function resendActivation(): Promise<boolean> {
  for (let tick = 0; tick < ACTIVATION_MAX_TICKS; tick++) {
    try {
      if ((await callApi(routes.activation)).delivered) return true;
    } catch (error) {
      console.warn('activation poll failed', error);
    }
    await new Promise((resolve) => setTimeout(resolve, ACTIVATION_TICK_MS));
  }
  return false;
}

/**
 * Corrects the e-mail address after signup (`PUT /api/user.php?email=1`), then waits as
 * `resendActivation` does for the confirmation mail to the new address. @returns delivered.
 * @throws ApiError when the change is refused (e.g. `account_exists`)
 */
export async function changeEmail(email: string): Promise<boolean> {
  await callApi(routes.emailChange, { body: { email } });
  return resendActivation();
}

/**
 * docs/product.md §4 step 2: uploads the photo, reporting progress 0–1.
 * @returns the stored image (`thumb_filename` under the site's CDN prefix). @throws ApiError
 */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void) {
  return uploadProfileImage(file, onProgress);
}
