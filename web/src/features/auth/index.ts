/**
 * The auth feature's public surface for other features and the app shell. Whole pages (sign-in forms) are
 * imported by app/routes directly; the sign-in dialog stays behind LazySignInDialog so it loads on first use.
 */
export { sessionKey, useResetSession, useSession } from './api/session';
export { useSignOut } from './api/sign-out';
export { LazySignInDialog } from './components/lazy-sign-in-dialog';
export { NewPasswordFields } from './components/new-password-fields';
export { PasswordField } from './components/password-field';
export { PasswordRules, passwordChecklist } from './components/password-rules';
export { SignInPrompt } from './components/sign-in-prompt';
export { SignOutButton } from './components/sign-out-button';
