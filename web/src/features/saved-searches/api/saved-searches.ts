import type { CreateSavedSearch, SavedSearch, SavedSearchAlert } from '@domain/dealer-tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, patch, post } from '@/lib/api';

export const savedSearchKeys = { all: ['saved-searches'] as const };

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => get<{ items: SavedSearch[] }>('/api/saved-searches', signal),
  });
}

export function useCreateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearch) => post<SavedSearch>('/api/saved-searches', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name?: string; alert?: SavedSearchAlert }) =>
      patch<SavedSearch>(`/api/saved-searches/${id}`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del(`/api/saved-searches/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
