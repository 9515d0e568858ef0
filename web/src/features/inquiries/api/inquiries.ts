import type { InquiryStatus, SaleInquiry } from '@domain/inquiries';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What the sell form sends (docs/product/selling.md#rules-and-limits: no phone; empty numbers are none). */
export interface InquiryInput {
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
  location: string | null;
  transmission?: string;
  email: string;
}

export function useSubmitInquiry() {
  return useMutation({ mutationFn: (input: InquiryInput) => api.POST('/api/inquiries', { body: input }) });
}

export const adminInquiriesKey = ['admin', 'inquiries'] as const;

export function useAdminInquiries() {
  return useQuery({
    queryKey: adminInquiriesKey,
    queryFn: ({ signal }) => api.GET('/api/admin/inquiries', { signal }),
    select: (d) => d.inquiries,
    // New inquiries show up while the tab is open.
    refetchInterval: 30_000,
  });
}

export function useChangeInquiryStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InquiryStatus }) =>
      api.PATCH('/api/admin/inquiries/{inquiryId}', {
        params: { path: { inquiryId: id } },
        body: { status },
      }),
    onSuccess: ({ inquiry }) => {
      qc.setQueryData<{ inquiries: SaleInquiry[] }>(adminInquiriesKey, (old) =>
        old ? { inquiries: old.inquiries.map((i) => (i.id === inquiry.id ? inquiry : i)) } : old,
      );
    },
    // A 409 means someone else moved it: show the real state.
    onError: () => qc.invalidateQueries({ queryKey: adminInquiriesKey }),
  });
}
