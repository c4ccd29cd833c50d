// The password rules every place that sets a password goes through (create user, set-password,
// reset and invite links, own password change; members: registration, reset, profile change):
// the length rule of engine/domain, then the strength estimate (engine/auth/strength.ts). Both
// refusals are BAD_USER_INPUT naming the field; the strength one carries zxcvbn's reason.
import { z } from 'zod';
import { passwordWeakness, type PasswordAudience } from '../../auth/strength';
import { staffPasswordSchema } from '../../domain/validation';

/** Adds the strength check to a length-checked password schema. */
export function strong<S extends z.ZodType<string>>(schema: S, audience: PasswordAudience) {
  return schema.superRefine((value, ctx) => {
    const why = passwordWeakness(value, audience);
    if (why) ctx.addIssue({ code: 'custom', message: why });
  });
}

/** A new staff password: at least 12 characters, at most 200, not easy to guess. */
export const staffPassword = strong(staffPasswordSchema, 'staff');
