import type { FarmerOfferAnswer } from '@domain/farmer-offers';
import type { ManualInquiryStatus, SaleInquiry } from '@domain/inquiries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

/** What the sell form sends (docs/product/selling.md#rules-and-limits: empty numbers are none). */
export interface InquiryInput {
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
  location: string | null;
  transmission?: string;
  phone?: string;
  email: string;
}

/** The form's fields as the `inquiry` part and the photos as `photos` files, stored together or not at all. */
export function useSubmitInquiry() {
  return useMutation({
    mutationFn: ({ input, photos }: { input: InquiryInput; photos: File[] }) => {
      const form = new FormData();
      form.append('inquiry', JSON.stringify(input));
      for (const p of photos) form.append('photos', p);
      return api.upload('/api/inquiries/with-photos', form);
    },
  });
}

export const adminInquiriesKey = ['admin', 'inquiries'] as const;
const inquiryKey = (id: string) => ['admin', 'inquiries', id] as const;

export function useAdminInquiries() {
  return useQuery({
    queryKey: adminInquiriesKey,
    queryFn: ({ signal }) => api.GET('/api/admin/inquiries', { signal }),
    select: (d) => d.inquiries,
    // New inquiries show up while the tab is open.
    refetchInterval: 30_000,
  });
}

export function useInquiryDetail(id: string) {
  return useQuery({
    queryKey: inquiryKey(id),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/inquiries/{inquiryId}', { params: { path: { inquiryId: id } }, signal }),
  });
}

function replaceInList(qc: ReturnType<typeof useQueryClient>, inquiry: SaleInquiry) {
  qc.setQueryData<{ inquiries: SaleInquiry[] }>(adminInquiriesKey, (old) =>
    old ? { inquiries: old.inquiries.map((i) => (i.id === inquiry.id ? inquiry : i)) } : old,
  );
}

export function useChangeInquiryStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ManualInquiryStatus }) =>
      api.PATCH('/api/admin/inquiries/{inquiryId}', {
        params: { path: { inquiryId: id } },
        body: { status },
      }),
    onSuccess: ({ inquiry }) => {
      replaceInList(qc, inquiry);
      qc.invalidateQueries({ queryKey: inquiryKey(inquiry.id) });
    },
    // A 409 means someone else moved it: show the real state.
    onError: () => qc.invalidateQueries({ queryKey: adminInquiriesKey }),
  });
}

export interface OfferFormInput {
  amount: string;
  validUntil: string | null;
  pickup: string;
  message: string;
}

export function useSendOffer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferFormInput) =>
      api.POST('/api/admin/inquiries/{inquiryId}/offers', { params: { path: { inquiryId: id } }, body }),
    onSuccess: ({ inquiry }) => {
      replaceInList(qc, inquiry);
      qc.invalidateQueries({ queryKey: inquiryKey(id) });
    },
  });
}

/** The farmer's page (no account): the offer behind the e-mailed link. */
export function useFarmerOffer(token: string) {
  return useQuery({
    queryKey: ['farmer-offer', token],
    queryFn: ({ signal }) => api.GET('/api/farmer-offers/{token}', { params: { path: { token } }, signal }),
    retry: false,
  });
}

export function useAnswerFarmerOffer(token: string) {
  return useMutation({
    mutationFn: (answer: FarmerOfferAnswer) =>
      api.POST('/api/farmer-offers/{token}/answer', { params: { path: { token } }, body: { answer } }),
  });
}
