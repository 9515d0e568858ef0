import { useNavigate } from 'react-router';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMutation } from '@/lib/use-mutation';
import { useResetSession } from './session';

/**
 * What the inspector app kept for opening offline (its service worker's copies of pages and API answers, decision
 * 0086) is dropped, so the next user of this phone is never served the last one's; its photo queue stops showing
 * and sending their photos (they stay in the phone until they sign in again).
 */
async function forgetOfflineCopies() {
  window.dispatchEvent(new Event('fieldlot:signed-out'));
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys())
      if (name.startsWith('fieldlot-inspect-')) await caches.delete(name);
  } catch {
    // No cache storage here (a private window): nothing was kept.
  }
}

/** Signs out on the server (the session is revoked there), then forgets the user here. */
export function useSignOut() {
  const resetSession = useResetSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.POST('/api/auth/sign-out'),
    onSuccess: async () => {
      await forgetOfflineCopies();
      await resetSession();
      toast.success('Successfully signed out');
      navigate('/');
    },
    onError: () => toast.error('Error signing out'),
  });
}
