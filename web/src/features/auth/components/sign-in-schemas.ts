import { passwordResetBody, signInBody } from '@domain/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * The sign-in dialog's validation: the server's request schemas (domain/auth.ts); the dialog always sends its
 * csrf token. Loaded on the dialog's first validation, not when it opens: a visitor's tractor page opens the
 * dialog as it loads, and zod is most of the dialog's weight (docs/decisions/0024).
 */
export const signInSchema = signInBody
  .pick({ email: true, password: true })
  .extend({ csrfToken: z.string() });
export const resetSchema = passwordResetBody;
export type SignInValues = z.input<typeof signInSchema>;
export type SignInOutput = z.output<typeof signInSchema>;
export type ResetValues = z.input<typeof resetSchema>;

/** The e-mail as the server reads it (trimmed, lower case). */
export const parseEmail = (value: string) => signInBody.shape.email.parse(value);

export const signInResolver = zodResolver(signInSchema);
export const resetResolver = zodResolver(resetSchema);
