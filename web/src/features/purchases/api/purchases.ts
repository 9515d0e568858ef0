import type { DeliveryAddress, Fulfilment, LandedCost, Purchase, SoldPurchase } from '@domain/purchases';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, get, post, put, qs } from '@/lib/api';

export type { Purchase } from '@domain/purchases';

/** Every purchases query starts with 'purchases' (live events invalidate them all; lib/live-events). */
export const purchaseKeys = {
  all: ['purchases'] as const,
  mine: ['purchases', 'mine'] as const,
  sold: ['purchases', 'sold'] as const,
  admin: (status: string) => ['purchases', 'admin', status] as const,
  counts: ['purchases', 'counts'] as const,
  address: ['purchases', 'address'] as const,
  landed: (listingId: string, amount?: number) => ['purchases', 'landed', listingId, amount ?? null] as const,
};

export function useMyPurchases() {
  return useQuery({
    queryKey: purchaseKeys.mine,
    queryFn: ({ signal }) => get<{ items: Purchase[] }>('/api/purchases', signal),
    select: (d) => d.items,
  });
}

/** The purchases of the dealer's own listings, read-only (docs/product/purchases.md#the-seller-dealers-view). */
export function useSoldPurchases() {
  return useQuery({
    queryKey: purchaseKeys.sold,
    queryFn: ({ signal }) => get<{ items: SoldPurchase[] }>('/api/purchases/sold', signal),
    select: (d) => d.items,
  });
}

export function useAdminPurchases(status: string) {
  return useQuery({
    queryKey: purchaseKeys.admin(status),
    queryFn: ({ signal }) => get<{ items: Purchase[] }>(`/api/admin/purchases${qs({ status })}`, signal),
    select: (d) => d.items,
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseCounts() {
  return useQuery({
    queryKey: purchaseKeys.counts,
    queryFn: ({ signal }) =>
      get<{
        awaitingPayment: number;
        overdue: number;
        toRelease: number;
        openClaims: number;
        inProgress: number;
      }>('/api/admin/purchases/counts', signal),
  });
}

export function useLandedCost(listingId: string, amountDollars?: number, enabled = true) {
  return useQuery({
    queryKey: purchaseKeys.landed(listingId, amountDollars),
    queryFn: ({ signal }) =>
      get<LandedCost>(`/api/purchases/landed-cost${qs({ listingId, amount: amountDollars })}`, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryAddress() {
  return useQuery({
    queryKey: purchaseKeys.address,
    queryFn: ({ signal }) => get<{ address: DeliveryAddress | null }>('/api/purchases/address', signal),
    select: (d) => d.address,
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: purchaseKeys.all });
}

export function useSaveAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (a: DeliveryAddress) => put<{ address: DeliveryAddress }>('/api/purchases/address', a),
    onSuccess: refresh,
  });
}

export function useChooseFulfilment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, fulfilment }: { id: string; fulfilment: Fulfilment }) =>
      post<Purchase>(`/api/purchases/${id}/fulfilment`, { fulfilment }),
    onSuccess: refresh,
  });
}

export function useOpenClaim() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      checkpoints,
      description,
      photos,
    }: {
      id: string;
      checkpoints: string[];
      description: string;
      photos: File[];
    }) => {
      let last = await post<Purchase>(`/api/purchases/${id}/claims`, { checkpoints, description });
      for (const file of photos) {
        const form = new FormData();
        form.append('file', file);
        last = await api<Purchase>('POST', `/api/purchases/${id}/claims/photos`, form);
      }
      return last;
    },
    onSettled: refresh,
  });
}

/** Admin steps: POST /api/admin/purchases/:id/<step> with its body. */
export function useAdminStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, step, body }: { id: string; step: string; body?: unknown }) =>
      post<Purchase>(`/api/admin/purchases/${id}/${step}`, body ?? {}),
    onSuccess: refresh,
  });
}
