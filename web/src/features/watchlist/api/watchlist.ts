import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMutation } from '@/lib/use-mutation';

export const watchKeys = {
  ids: ['watchlist', 'ids'] as const,
  list: ['watchlist', 'list'] as const,
  recent: ['recently-viewed'] as const,
};

/** The watched ids, to fill the hearts (approved dealers and admins only). */
export function useWatchedIds(enabled: boolean) {
  return useQuery({
    queryKey: watchKeys.ids,
    queryFn: ({ signal }) => api.GET('/api/watchlist/ids', { signal }),
    enabled,
    staleTime: 30_000,
    select: (d) => new Set(d.listingIds),
  });
}

export function useWatchlist() {
  return useQuery({
    queryKey: watchKeys.list,
    queryFn: ({ signal }) => api.GET('/api/watchlist', { signal }),
  });
}

/** Heart on/off: the ids update at once (optimistic) and come back from the server after. */
export function useToggleWatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, watch }: { listingId: string; watch: boolean }) =>
      watch
        ? api.PUT('/api/watchlist/{listingId}', { params: { path: { listingId } } })
        : api.DELETE('/api/watchlist/{listingId}', { params: { path: { listingId } } }),
    onMutate: async ({ listingId, watch }) => {
      await qc.cancelQueries({ queryKey: watchKeys.ids });
      const before = qc.getQueryData<{ listingIds: string[] }>(watchKeys.ids);
      const ids = new Set(before?.listingIds ?? []);
      if (watch) ids.add(listingId);
      else ids.delete(listingId);
      qc.setQueryData(watchKeys.ids, { listingIds: [...ids] });
      return { before };
    },
    onError: (err, _v, context) => {
      if (context?.before) qc.setQueryData(watchKeys.ids, context.before);
      toast.error(err.message);
    },
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () => qc.invalidateQueries({ queryKey: ['watchlist'] }),
  });
}

export function useRecentlyViewed() {
  return useQuery({
    queryKey: watchKeys.recent,
    queryFn: ({ signal }) => api.GET('/api/recently-viewed', { signal }),
  });
}

/** The tractor page records the view once per opening (server side: every device of the dealer sees it). */
export function useRecordView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) => api.POST('/api/recently-viewed', { body: { listingId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: watchKeys.recent }),
  });
}
