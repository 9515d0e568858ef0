import type { PasswordResetConfirmBody, SignInBody, SignInLinkConfirmBody } from '@domain/auth';
import { api } from '@/lib/api';

export const signInRequest = (body: SignInBody) => api.POST('/api/auth/sign-in', { body });

export const resetRequest = (email: string) => api.POST('/api/auth/password-reset', { body: { email } });

export const signInLinkRequest = (email: string, listing?: string) =>
  api.POST('/api/auth/sign-in-link', { body: { email, ...(listing ? { listing } : {}) } });

export const confirmSignInLink = (body: SignInLinkConfirmBody) =>
  api.POST('/api/auth/sign-in-link/confirm', { body });

export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  api.POST('/api/auth/password-reset/confirm', { body });

/** docs/product/accounts.md#sign-in-dialog: the sign-in dialog keeps a random 32-byte hex token in session storage under a csrf key. */
export const CSRF_STORAGE_KEY = 'fieldlot.csrf';
export function newDialogCsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStorage.setItem(CSRF_STORAGE_KEY, token);
  } catch {
    // Storage may be off (private mode); the server's cookie check is the real protection.
  }
  return token;
}

/** Whole minutes left of a block, from the server's Retry-After seconds. */
export const minutesFrom = (seconds?: number) => Math.max(1, Math.ceil((seconds ?? 60) / 60));
