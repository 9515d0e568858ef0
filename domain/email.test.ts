import { describe, expect, it } from 'vitest';
import { EMAIL_REQUIRED, emailSchema, INVALID_EMAIL, isValidEmail, normalizeEmail } from './email';

describe('email (accounts.md#e-mail-addresses)', () => {
  it('lowercases, trims and strips characters other than letters, digits and @ . - _', () => {
    expect(normalizeEmail('  Dale.Harper+Tractors@Example.COM ')).toBe('dale.harpertractors@example.com');
    expect(normalizeEmail('a<script>@b.co')).toBe('ascript@b.co');
  });

  it('cuts to 254 characters', () => {
    expect(normalizeEmail(`${'a'.repeat(300)}@example.com`)).toHaveLength(254);
  });

  it('checks the shape', () => {
    expect(isValidEmail('dealer@fieldlot.example')).toBe(true);
    expect(isValidEmail('dealer@localhost')).toBe(false);
    expect(isValidEmail('no-at-sign.example.com')).toBe(false);
    expect(isValidEmail('a..b@example.com')).toBe(false);
  });

  it('gives the spec messages', () => {
    expect(emailSchema.safeParse('').error?.issues[0].message).toBe(EMAIL_REQUIRED);
    expect(emailSchema.safeParse('nope').error?.issues[0].message).toBe(INVALID_EMAIL);
    expect(emailSchema.parse(' Dealer@Example.com ')).toBe('dealer@example.com');
  });
});
