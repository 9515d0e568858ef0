import type { CreateInspector, DraftDetails, InspectionDraft, SaveAnswer } from '@domain/inspection-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, qs } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export const reportKeys = {
  report: (listingId: string, revision?: number) => ['reports', listingId, revision ?? 'latest'] as const,
  purchased: ['reports', 'purchased'] as const,
  draft: (listingId: string) => ['inspections', 'draft', listingId] as const,
  queue: ['inspections', 'queue'] as const,
  inspectors: ['inspections', 'inspectors'] as const,
};

export function useReport(listingId: string, revision?: number) {
  return useQuery({
    queryKey: reportKeys.report(listingId, revision),
    queryFn: ({ signal }) =>
      api.GET('/api/reports/{listingId}', { params: { path: { listingId }, query: { revision } }, signal }),
  });
}

export const reportPdfUrl = (listingId: string, revision?: number) =>
  `/api/reports/${listingId}/pdf${qs({ revision })}`;

export function usePurchasedReports(enabled = true) {
  return useQuery({
    queryKey: reportKeys.purchased,
    queryFn: ({ signal }) => api.GET('/api/reports/purchased', { signal }),
    enabled,
  });
}

export function useInspectionQueue() {
  return useQuery({
    queryKey: reportKeys.queue,
    queryFn: ({ signal }) => api.GET('/api/inspections', { signal }),
    // Asked even offline: the inspector app's worker answers with the copy it kept (decision 0086).
    networkMode: 'offlineFirst',
  });
}

export function useDraft(listingId: string) {
  return useQuery({
    queryKey: reportKeys.draft(listingId),
    queryFn: ({ signal }) =>
      api.GET('/api/inspections/{listingId}', { params: { path: { listingId } }, signal }),
    // The draft is the inspector's own work in progress: never refetch it under their fingers.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    networkMode: 'offlineFirst',
  });
}

/** Saves one answer as it is given, and keeps the cached draft in step (optimistically). */
/**
 * The form saves one change at a time, and a submitted report waits for them all: a save that never settles (a
 * connection that stalls without closing) would hold every later one. It is given up after this long and sent
 * again like one that met no connection (use-draft-sync).
 */
const SAVE_LIMIT_MS = 60_000;

export function useSaveAnswer(listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: SaveAnswer) =>
      api.PUT('/api/inspections/{listingId}/answers', {
        params: { path: { listingId } },
        body: answer,
        signal: AbortSignal.timeout(SAVE_LIMIT_MS),
      }),
    // The form keeps unsent answers itself (use-draft-sync): fail at once when offline instead of pausing.
    networkMode: 'always',
    onMutate: (answer) => setAnswer(answer.checkpointId, { rating: answer.rating, note: answer.note }),
    // Another phone's later answer was kept (docs/product/condition-reports.md#two-phones): the form shows it.
    onSuccess: (saved, answer) => {
      if (saved.outcome === 'kept' && saved.other) setAnswer(answer.checkpointId, saved.other);
    },
  });
  function setAnswer(checkpointId: string, value: InspectionDraft['answers'][string]) {
    qc.setQueryData<InspectionDraft>(reportKeys.draft(listingId), (d) => {
      if (!d) return d;
      const answers = { ...d.answers, [checkpointId]: value };
      return { ...d, answers, rated: Object.values(answers).filter((a) => a.rating).length };
    });
  }
}

export function useSaveDetails(listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (details: DraftDetails) =>
      api.PATCH('/api/inspections/{listingId}', {
        params: { path: { listingId } },
        body: details,
        signal: AbortSignal.timeout(SAVE_LIMIT_MS),
      }),
    networkMode: 'always',
    onMutate: (details) => {
      qc.setQueryData<InspectionDraft>(reportKeys.draft(listingId), (d) =>
        d
          ? {
              ...d,
              ...(details.serial !== undefined ? { serial: details.serial } : {}),
              ...(details.hourMeter !== undefined ? { hourMeter: details.hourMeter } : {}),
              ...(details.announcements ? { announcements: details.announcements } : {}),
              ...(details.treads
                ? { treads: { ...d.treads, ...details.treads } as Record<string, number> }
                : {}),
            }
          : d,
      );
    },
  });
}

export function useRemovePhoto(listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) =>
      api.DELETE('/api/inspections/{listingId}/photos/{photoId}', {
        params: { path: { listingId, photoId } },
      }),
    onSuccess: (_, photoId) =>
      qc.setQueryData<InspectionDraft>(reportKeys.draft(listingId), (d) =>
        d ? { ...d, photos: d.photos.filter((p) => p.id !== photoId) } : d,
      ),
  });
}

export function useMarkAsIs(listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.POST('/api/admin/listings/{listingId}/as-is', {
        params: { path: { listingId } },
        body: { reason },
      }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['reports'] });
      qc.invalidateQueries({ queryKey: ['inspections'] });
      qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('listing') });
    },
  });
}

export function useInspectors() {
  return useQuery({
    queryKey: reportKeys.inspectors,
    queryFn: ({ signal }) => api.GET('/api/admin/inspectors', { signal }),
  });
}

export function useCreateInspector() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInspector) => api.POST('/api/admin/inspectors', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportKeys.inspectors }),
  });
}
