import { GENDERS } from './constants';

/**
 * Optional profile fields and their allowed values (docs/product.md §7 profile_fields,
 * `allowed_values` per field). Labels are i18n keys, see `fieldValueLabelKey`.
 */
export const PROFILE_FIELDS = {
  looking_for: ['male', 'female', 'both'],
  relationship: ['single', 'divorced', 'widowed', 'separated', 'in_relationship'],
  body_type: ['slim', 'average', 'athletic', 'curvy', 'large'],
  children: ['none', 'living_with_me', 'living_elsewhere'],
  smoking: ['no', 'sometimes', 'yes'],
} as const;

export type ProfileFieldName = keyof typeof PROFILE_FIELDS;

/** `GET /api/profile_fields.php` content: gender plus the optional fields. */
export const ALLOWED_VALUES: Record<string, readonly string[]> = { gender: GENDERS, ...PROFILE_FIELDS };

/** i18n key of an allowed value's label: `gender.<value>` for gender, else `profile_field.<field>.<value>`. */
export function fieldValueLabelKey(field: string, value: string): string {
  return field === 'gender' ? `gender.${value}` : `profile_field.${field}.${value}`;
}

/** True when `value` is allowed for `field`. */
export function isAllowedFieldValue(field: string, value: string): boolean {
  return (
    Object.hasOwn(PROFILE_FIELDS, field) &&
    (PROFILE_FIELDS[field as ProfileFieldName] as readonly string[]).includes(value)
  );
}
