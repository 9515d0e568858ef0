import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const sessionKey = ['session'] as const;

/** The signed-in user, or null. Every role decision in the UI reads this (the server decides for real). */
export function useSession() {
  const query = useQuery({
    queryKey: sessionKey,
    queryFn: () => api.GET('/api/auth/session'),
    staleTime: 60_000,
  });
  const user = query.data?.user ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isApproved: user?.status === 'approved' || user?.status === 'admin',
    isAdmin: user?.status === 'admin',
    refetch: query.refetch,
  };
}

/** After sign-in or sign-out: reload the session and drop every cached answer of the previous user. */
export function useResetSession() {
  const qc = useQueryClient();
  return async () => {
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'site' });
    await qc.invalidateQueries({ queryKey: sessionKey });
  };
}
