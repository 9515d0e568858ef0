import type { WantAnswerInput, WantListForm } from '@domain/want-lists';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export const wantListKeys = {
  all: ['want-lists'] as const,
  matches: ['want-lists', 'matches'] as const,
};

export function useWantLists() {
  return useQuery({
    queryKey: wantListKeys.all,
    queryFn: ({ signal }) => api.GET('/api/want-lists', { signal }),
  });
}

export function useSaveWantList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WantListForm }) =>
      id
        ? api.PUT('/api/want-lists/{id}', { params: { path: { id } }, body })
        : api.POST('/api/want-lists', { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: wantListKeys.all }),
  });
}

export function useDeleteWantList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/api/want-lists/{id}', { params: { path: { id } } }),
    onSettled: () => qc.invalidateQueries({ queryKey: wantListKeys.all }),
  });
}

export function useWantListToSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST('/api/want-lists/{id}/saved-search', { params: { path: { id } } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
}

export function useWantListFromSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (searchId: string) =>
      api.POST('/api/want-lists/from-saved-search/{id}', { params: { path: { id: searchId } } }),
    onSettled: () => qc.invalidateQueries({ queryKey: wantListKeys.all }),
  });
}

export function useWantMatches() {
  return useQuery({
    queryKey: wantListKeys.matches,
    queryFn: ({ signal }) => api.GET('/api/want-lists/matches', { signal }),
  });
}

export function useAnswerMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WantAnswerInput }) =>
      api.POST('/api/want-lists/matches/{id}/answer', { params: { path: { id } }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: wantListKeys.matches }),
  });
}
