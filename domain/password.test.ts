import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES as M, newPasswordSchema, passwordProblem } from './password';

describe('password rules (accounts.md#password-rules, in order)', () => {
  it.each([
    ['', M.required],
    ['Ab1!xyzw', M.tooShort],
    [`Ab1!${'x'.repeat(124)}`, M.tooLong],
    ['ABCDEFGH1!XY', M.lowercase],
    ['zyxwvuts1!xy', M.uppercase],
    ['Zyxwvuts!!xy', M.number],
    ['Zyxwvuts11xy', M.special],
    ['MyPassword9!x', M.containsPassword],
    ['Zyxxxxwv9!tr', M.repeated],
    ['Zyx123wv9!tr', M.sequential],
    ['ZyABCwv9!trm', M.sequential],
    ['zyQWEwv9!trm', M.sequential],
    ['Welcome2024!', M.common],
  ])('%j -> %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('accepts a strong password of 12 and of 127 characters', () => {
    expect(passwordProblem('Tr@ctor-Yard7')).toBeNull();
    expect(passwordProblem(`Tr@ctor-Yard7${'xy'.repeat(57)}`)).toBeNull();
    expect(`Tr@ctor-Yard7${'xy'.repeat(57)}`).toHaveLength(127);
  });

  it('reports only the first broken rule', () => {
    // Too short and lacks everything: the length rule comes first.
    expect(passwordProblem('abc')).toBe(M.tooShort);
  });

  it('allows exactly three repeated characters but not four', () => {
    expect(passwordProblem('Zyxxxwv9!trm')).toBeNull();
    expect(passwordProblem('Zyxxxxv9!trm')).toBe(M.repeated);
  });

  it('is what the zod schema says', () => {
    const r = newPasswordSchema.safeParse('short');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(M.tooShort);
    expect(newPasswordSchema.safeParse('Tr@ctor-Yard7').success).toBe(true);
  });
});
