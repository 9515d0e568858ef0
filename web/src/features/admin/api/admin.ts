import type { OutboxStatus } from '@domain/admin';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl, qs } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export type { AuditEntry, AuditVerification, OutboxMessage, OutboxStatus } from '@domain/admin';

export const adminStatsKey = ['admin', 'stats'] as const;

export function useAdminStats() {
  return useQuery({
    queryKey: adminStatsKey,
    queryFn: ({ signal }) => api.GET('/api/admin/stats', { signal }),
    // Counts stay live while the panel is open (other admins approve users too).
    refetchInterval: 30_000,
  });
}

export function useAuditLog(filter: { action: string; email: string }) {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ pageParam, signal }) =>
      api.GET('/api/admin/audit', {
        params: { query: { action: filter.action, email: filter.email, before: pageParam } },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAuditActions() {
  return useQuery({
    queryKey: ['admin', 'audit', 'actions'],
    queryFn: ({ signal }) => api.GET('/api/admin/audit/actions', { signal }),
    select: (d) => d.actions,
  });
}

/** The nightly check of the audit chain (docs/product/security.md#audit-log). */
export function useAuditVerification() {
  return useQuery({
    queryKey: ['admin', 'audit', 'verification'],
    queryFn: ({ signal }) => api.GET('/api/admin/audit/verification', { signal }),
  });
}

/** A period's audit rows with the chain's hashes, downloaded by the browser (a plain GET with the session cookie). */
export const auditExportUrl = (q: { from: string; to: string; format: 'csv' | 'json' }) =>
  `${apiUrl('/api/admin/audit/export', {})}${qs(q)}`;

export function useOutbox(status: OutboxStatus | '') {
  return useInfiniteQuery({
    queryKey: ['admin', 'outbox', status],
    queryFn: ({ pageParam, signal }) =>
      api.GET('/api/admin/outbox', {
        params: { query: { status: status || undefined, before: pageParam } },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 15_000,
  });
}

export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.POST('/api/admin/outbox/{messageId}/retry', { params: { path: { messageId: id } } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}

export function useMailTemplates() {
  return useQuery({
    queryKey: ['admin', 'mail-preview'],
    queryFn: ({ signal }) => api.GET('/api/admin/mail-preview', { signal }),
    select: (d) => d.templates,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'outbox', 'message', id],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/outbox/{messageId}', { params: { path: { messageId: id ?? 0 } }, signal }),
    enabled: id !== null,
  });
}
