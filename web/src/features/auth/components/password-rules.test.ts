import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from '../../../../../domain/password';
import { passwordChecklist } from './password-rules';

describe('password checklist', () => {
  it('lists the rules in the order the server checks them, ending with the common-password check', () => {
    const messages = passwordChecklist('x').map((r) => r.message);
    expect(messages).toEqual(
      Object.values(PASSWORD_MESSAGES).filter((m) => m !== PASSWORD_MESSAGES.required),
    );
  });

  it('shows as its first failure exactly what the server would answer', () => {
    const samples = [
      'short',
      'Ab1!',
      `Ab1!${'x'.repeat(130)}`,
      'ALLUPPER#2024X',
      'alllower#2024x',
      'NoDigits#Here!',
      'NoSpecial2024xY',
      'MyPassWord#2024',
      'Heyyyy#2024Xz',
      'Tractor#123Xyz',
      'Welcome2015!!',
      'Fresh-Harvest#2031',
    ];
    for (const pw of samples) {
      const first = passwordChecklist(pw).find((r) => !r.ok)?.message ?? null;
      expect(first, pw).toBe(passwordProblem(pw));
    }
  });
});
