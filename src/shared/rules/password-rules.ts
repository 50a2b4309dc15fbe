import { z } from 'zod';
import { passwordRule } from './signup-rules';

/**
 * docs/product.md §10 Password and password reset: a new password follows the signup rule
 * (`passwordRule`) and is typed twice; the second copy must match (`password.mismatch`).
 */
export const newPasswordForm = z
  .object({ password: passwordRule, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], error: 'password.mismatch' });

/** The change-password form: the current password (not empty) plus the new one twice. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: 'validation.required' }).max(1024),
    password: passwordRule,
    confirm: z.string(),
  })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], error: 'password.mismatch' });
