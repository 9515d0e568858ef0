import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.js';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 127;
export const SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 12 characters long',
  tooLong: 'Password must be less than 128 characters',
  lowercase: 'Password must contain at least one lowercase letter',
  uppercase: 'Password must contain at least one uppercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  containsPassword: 'Password cannot contain the word "password"',
  repeated: 'Password cannot contain more than 3 repeated characters',
  sequential: 'Password cannot contain sequential characters',
  common: 'This password is too common. Please choose another.',
} as const;

/** The rules of docs/product/accounts.md#password-rules, in order; returns the first failure's message, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (!/[a-z]/.test(password)) return PASSWORD_MESSAGES.lowercase;
  if (!/[A-Z]/.test(password)) return PASSWORD_MESSAGES.uppercase;
  if (!/[0-9]/.test(password)) return PASSWORD_MESSAGES.number;
  if (![...password].some((c) => SPECIAL_CHARACTERS.includes(c))) return PASSWORD_MESSAGES.special;
  if (/password/i.test(password)) return PASSWORD_MESSAGES.containsPassword;
  if (/(.)\1{3,}/.test(password)) return PASSWORD_MESSAGES.repeated;
  if (/123|abc|qwe/i.test(password)) return PASSWORD_MESSAGES.sequential;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}

/** For any password that is set (application, reset). */
export const newPasswordSchema = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** For sign-in: only required; never reveal the rules. Capped to avoid hashing megabytes. */
export const signInPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .max(1024, 'Invalid email or password');
