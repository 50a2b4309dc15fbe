import { z } from 'zod';
import { GENDERS } from '../constants';
import { LOCALES } from '../locales';
import { PRESENCES } from '../rules/member-rules';

/** docs/product.md §3 Profile image: `thumb_filename` (and the full `filename`) relative to `cdn_prefix`. */
export const profileImageSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

/**
 * docs/product.md §3 Profile as other members see it: never e-mail, date of birth,
 * exact location, tracking data or when exactly the member was active (`presence` is
 * coarse: online / today / this_week / longer; null for a deleted member).
 */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.string().nullable(),
  main_image: profileImageSchema.nullable(),
  images: z.array(profileImageSchema),
  gender: z.enum(GENDERS).nullable(),
  personal: z.string().nullable(),
  language: z.enum(LOCALES),
  presence: z.enum(PRESENCES).nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** docs/product.md §3 Profile as its owner sees it (User.profile), with their own last-active time (ISO 8601). */
export const ownProfileSchema = publicProfileSchema.extend({
  last_active_at: z.string(),
  date_of_birth: z.string().nullable(),
  lastSignupStep: z.number().int().min(0).max(7),
  fictional_icon: z.boolean(),
  fields: z.record(z.string(), z.string()),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** docs/product.md §3 User. `mailprovider` 2 means Gmail; `signup_date` is ISO 8601. */
export const userSchema = z.object({
  email: z.string(),
  profile: ownProfileSchema,
  paid_user: z.boolean(),
  signup_date: z.string(),
  mailprovider: z.number().int(),
  /** docs/product.md §11: the member's credit balance and whether premium runs now (top navigation, composer). */
  credits: z.number().int(),
  is_premium: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
