import type { OfferType, OpenOfferStatus } from '@domain/offers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export type { SellerOffer } from '@domain/dealer-listings-api';
export type { AdminOffer, Offer, OfferWithListing } from '@domain/offers.schemas';

/** Every offers query starts with 'offers', so one invalidation refreshes them all (see lib/live-events). */
export const offerKeys = {
  all: ['offers'] as const,
  mine: ['offers', 'mine'] as const,
  listing: (listingId: string) => ['offers', 'listing', listingId] as const,
  admin: ['offers', 'admin'] as const,
};

export function useMyOffers(enabled = true) {
  return useQuery({
    queryKey: offerKeys.mine,
    queryFn: ({ signal }) => api.GET('/api/offers/mine', { signal }),
    select: (d) => d.offers,
    enabled,
  });
}

export function useListingOffers(listingId: string, enabled = true) {
  return useQuery({
    queryKey: offerKeys.listing(listingId),
    queryFn: ({ signal }) =>
      api.GET('/api/offers/listing/{listingId}', { params: { path: { listingId } }, signal }),
    select: (d) => d.offers,
    enabled,
  });
}

/** Offers on the dealer's own listings (docs/product/dealer-selling.md#offers-on-your-tractors). */
export function useSellerOffers() {
  return useQuery({
    queryKey: ['offers', 'seller'] as const,
    queryFn: ({ signal }) => api.GET('/api/my-listings/offers', { signal }),
  });
}

export function useAdminOffers() {
  return useQuery({
    queryKey: offerKeys.admin,
    queryFn: ({ signal }) => api.GET('/api/admin/offers', { signal }),
    select: (d) => d.offers,
  });
}

/** Refresh offers and anything listing-shaped (an acceptance sells the listing). */
function useRefreshAfterChange() {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({
      predicate: (q) => {
        const head = String(q.queryKey[0] ?? '');
        return head === 'offers' || head.startsWith('listing') || head === 'inventory' || head === 'admin';
      },
    });
}

export interface NewOffer {
  listingId: string;
  offerType: OfferType;
  amount?: string;
  /** Buy Now: the asking price the buyer confirmed (docs/product/offers.md#buy-now). */
  askingCents?: number;
  message?: string;
}

export function useCreateOffer() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: NewOffer; idempotencyKey: string }) =>
      api.POST('/api/offers', { body: input, params: { header: { 'idempotency-key': idempotencyKey } } }),
    // Settled, not only on success: a Buy Now refused for a changed price shows the new price at once.
    onSettled: refresh,
  });
}

export function useAcceptCounter() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (offerId: string) =>
      api.POST('/api/offers/{offerId}/accept-counter', { params: { path: { offerId } } }),
    onSettled: refresh,
  });
}

export function useWithdrawOffer() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ offerId, expectedStatus }: { offerId: string; expectedStatus: OpenOfferStatus }) =>
      api.POST('/api/offers/{offerId}/withdraw', { params: { path: { offerId } }, body: { expectedStatus } }),
    onSettled: refresh,
  });
}

export type AdminDecision =
  | { offerId: string; action: 'accept' | 'reject' }
  | {
      offerId: string;
      action: 'counter';
      amount: string;
      message: string;
      /** The counter's Idempotency-Key, kept across its retries (docs/product/offers.md#sent-again). */
      idempotencyKey: string;
    };

/** The admin's decisions, or (`base` '/api/my-listings/offers') the same by the seller of a dealer's listing. */
export function useAdminDecision(
  base: '/api/admin/offers' | '/api/my-listings/offers' = '/api/admin/offers',
) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (d: AdminDecision) => {
      const params = { path: { offerId: d.offerId } };
      if (d.action === 'counter') {
        const keyed = { ...params, header: { 'idempotency-key': d.idempotencyKey } };
        return base === '/api/admin/offers'
          ? api.POST('/api/admin/offers/{offerId}/counter', {
              params: keyed,
              body: { amount: d.amount, message: d.message },
            })
          : api.POST('/api/my-listings/offers/{offerId}/counter', {
              params: keyed,
              body: { amount: d.amount, message: d.message },
            });
      }
      return base === '/api/admin/offers'
        ? api.POST(`/api/admin/offers/{offerId}/${d.action}`, { params })
        : api.POST(`/api/my-listings/offers/{offerId}/${d.action}`, { params });
    },
    onSettled: refresh,
  });
}
