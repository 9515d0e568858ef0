import { z } from 'zod';
import { emailSchema } from './email';
import { newPasswordSchema, signInPasswordSchema } from './password';
import { sessionUserSchema } from './users';

/** Request and response shapes of /api/auth (cookie names: session-cookies.ts). */

export const sessionResponse = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;
export const signedInResponse = z.object({ user: sessionUserSchema });
export type SignedInResponse = z.infer<typeof signedInResponse>;

export const signInBody = z.object({
  email: emailSchema,
  password: signInPasswordSchema,
  /** /admin-login: refuse everyone but admins, without a session. */
  admin: z.boolean().optional(),
  /** The dialog's own anti-forgery field (docs/product/security.md#sessions); the cookie + header check is what protects. */
  csrfToken: z.string().max(128).optional(),
});
export type SignInBody = z.input<typeof signInBody>;

export const passwordResetBody = z.object({ email: emailSchema });
const linkToken = z.string().min(16).max(200);
export const passwordResetConfirmBody = z.object({ token: linkToken, password: newPasswordSchema });
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBody>;
export const passwordResetConfirmResponse = z.object({ email: z.string() });
export type PasswordResetConfirmResponse = z.infer<typeof passwordResetConfirmResponse>;

export const signInLinkBody = z.object({ email: emailSchema, listing: z.uuid().optional() });

/** /auth-redirect (token, email) and /email-auth (email, temp_password, redirect_to) both confirm here. */
export const signInLinkConfirmBody = z.object({
  token: linkToken,
  email: z
    .string()
    .max(400)
    .transform((v, c) => {
      const parsed = emailSchema.safeParse(v);
      if (!parsed.success) {
        c.addIssue({ code: 'custom', message: 'Invalid email in authentication link' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  redirectTo: z.string().max(2000).optional(),
});
export type SignInLinkConfirmBody = z.input<typeof signInLinkConfirmBody>;
export const signInLinkConfirmResponse = signedInResponse.extend({ redirectTo: z.string() });
export type SignInLinkConfirmResponse = z.infer<typeof signInLinkConfirmResponse>;
