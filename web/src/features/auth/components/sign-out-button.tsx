import { LogOut } from 'lucide-react';
import { linkButton } from '@/components/layout/link-styles';
import { useSignOut } from '../api/sign-out';

/** Loaded only for signed-in users: sign-out pulls in the toast code, which visitors do not need up front. */
export function SignOutButton({ onDone }: { onDone?: () => void }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className={linkButton.outline}
      disabled={signOut.isPending}
      onClick={() => {
        onDone?.();
        signOut.mutate();
      }}
    >
      <LogOut aria-hidden="true" /> Sign Out
    </button>
  );
}
