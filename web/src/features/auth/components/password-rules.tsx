import { COMMON_PASSWORDS } from '@domain/common-passwords';
import { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN, SPECIAL_CHARACTERS } from '@domain/password';
import { Check, X } from 'lucide-react';

/** docs/product/accounts.md#password-rules in order (plus the common-password check), each with whether it passes. */
export function passwordChecklist(pw: string): Array<{ message: string; ok: boolean }> {
  return [
    { message: PASSWORD_MESSAGES.tooShort, ok: pw.length >= PASSWORD_MIN },
    { message: PASSWORD_MESSAGES.tooLong, ok: pw.length <= PASSWORD_MAX },
    { message: PASSWORD_MESSAGES.lowercase, ok: /[a-z]/.test(pw) },
    { message: PASSWORD_MESSAGES.uppercase, ok: /[A-Z]/.test(pw) },
    { message: PASSWORD_MESSAGES.number, ok: /[0-9]/.test(pw) },
    { message: PASSWORD_MESSAGES.special, ok: [...pw].some((c) => SPECIAL_CHARACTERS.includes(c)) },
    { message: PASSWORD_MESSAGES.containsPassword, ok: !/password/i.test(pw) },
    { message: PASSWORD_MESSAGES.repeated, ok: !/(.)\1{3,}/.test(pw) },
    { message: PASSWORD_MESSAGES.sequential, ok: !/123|abc|qwe/i.test(pw) },
    { message: PASSWORD_MESSAGES.common, ok: pw.length > 0 && !COMMON_PASSWORDS.has(pw.toLowerCase()) },
  ];
}

/** The rules, live as the person types: the ones still failing are listed in order. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const failing = password ? passwordChecklist(password).filter((r) => !r.ok) : [];
  if (!password) {
    return (
      <p id={id} className="text-sm text-muted-foreground">
        At least 12 characters with a lowercase letter, an uppercase letter, a number and a special character.
      </p>
    );
  }
  if (failing.length === 0) {
    return (
      <p id={id} className="flex items-center gap-1.5 text-sm font-medium text-brand-800" aria-live="polite">
        <Check className="size-4" aria-hidden="true" /> Strong enough
      </p>
    );
  }
  return (
    <ul id={id} className="flex flex-col gap-1 text-sm" aria-live="polite">
      {failing.map((r, i) => (
        <li
          key={r.message}
          className={i === 0 ? 'flex gap-1.5 font-medium text-destructive' : 'flex gap-1.5 text-gray-700'}
        >
          <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {r.message}
        </li>
      ))}
    </ul>
  );
}
