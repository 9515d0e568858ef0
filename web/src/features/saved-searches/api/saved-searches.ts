import type { CreateSavedSearch, SavedSearchAlert } from '@domain/dealer-tools';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export const savedSearchKeys = { all: ['saved-searches'] as const };

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => api.GET('/api/saved-searches', { signal }),
  });
}

export function useCreateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    // The filters' state is any string in the URL's schema; the server refuses one it does not know.
    mutationFn: (body: CreateSavedSearch) =>
      api.POST('/api/saved-searches', {
        body: { ...body, filters: { ...body.filters, state: body.filters.state as never } },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name?: string; alert?: SavedSearchAlert }) =>
      api.PATCH('/api/saved-searches/{id}', { params: { path: { id } }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/api/saved-searches/{id}', { params: { path: { id } } }),
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
