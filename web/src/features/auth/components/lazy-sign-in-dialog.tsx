import { lazy, Suspense } from 'react';

// The dialog (and Radix's dialog code) loads on first use, keeping the landing page light.
const SignInDialog = lazy(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

/** The sign-in dialog, mounted (and first loaded) only while open; a successful sign-in closes it too. */
export function LazySignInDialog({
  open,
  onClose,
  email,
}: {
  open: boolean;
  onClose: () => void;
  /** Filled into the e-mail field (after a password reset). */
  email?: string;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog open onClose={onClose} onSuccess={onClose} email={email} />
    </Suspense>
  );
}
