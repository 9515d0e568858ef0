import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

/** docs/product/accounts.md#download-all-our-data */
const latestKey = ['account', 'data-export'] as const;

export const useLatestDataExport = () =>
  useQuery({
    queryKey: latestKey,
    queryFn: () => api.GET('/api/data-exports/latest'),
    // A team member is refused: the card says only the owner can ask, without retrying.
    retry: false,
    // While the file is being prepared the card follows it, so "We e-mailed you a link" shows without a reload.
    refetchInterval: (query) => {
      const state = query.state.data?.export?.state;
      return state === 'queued' || state === 'building' ? 3_000 : false;
    },
  });

export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/data-exports'),
    onSuccess: (data) => qc.setQueryData(latestKey, data),
  });
}

/** The e-mailed link's one use: the ZIP as a Blob. */
export const downloadDataExport = (token: string) =>
  api.postForFile('/api/data-exports/download', { body: { token } });
