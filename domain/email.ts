import { z } from 'zod';

export const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const EMAIL_REQUIRED = 'Email is required';

/** docs/product/accounts.md#e-mail-addresses: lowercased, trimmed, stripped of characters other than letters, digits and @ . - _, cut to 254. */
export function normalizeEmail(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '')
    .slice(0, EMAIL_MAX);
}

const EMAIL_SHAPE = /^[a-z0-9._-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

export function isValidEmail(normalized: string): boolean {
  return EMAIL_SHAPE.test(normalized) && !normalized.includes('..');
}

/** Zod schema: normalizes, then checks the shape. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .min(1, EMAIL_REQUIRED)
  .transform(normalizeEmail)
  .refine((v) => v.length > 0, EMAIL_REQUIRED)
  .refine(isValidEmail, INVALID_EMAIL);
