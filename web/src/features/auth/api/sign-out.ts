import { useNavigate } from 'react-router';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMutation } from '@/lib/use-mutation';
import { useResetSession } from './session';

/** Signs out on the server (the session is revoked there), then forgets the user here. */
export function useSignOut() {
  const resetSession = useResetSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.POST('/api/auth/sign-out'),
    onSuccess: async () => {
      await resetSession();
      toast.success('Successfully signed out');
      navigate('/');
    },
    onError: () => toast.error('Error signing out'),
  });
}
