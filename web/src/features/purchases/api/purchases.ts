import type { Fulfilment } from '@domain/purchases';
import type { DeliveryAddress } from '@domain/purchases-api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiPath, api } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';

export type { Purchase } from '@domain/purchases-api';

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
    queryFn: ({ signal }) => api.GET('/api/purchases', { signal }),
    select: (d) => d.items,
  });
}

/** The purchases of the dealer's own listings, read-only (docs/product/purchases.md#the-seller-dealers-view). */
export function useSoldPurchases() {
  return useQuery({
    queryKey: purchaseKeys.sold,
    queryFn: ({ signal }) => api.GET('/api/purchases/sold', { signal }),
    select: (d) => d.items,
  });
}

/**
 * Whether the sold purchases have been answered (or failed): My Listings starts them with its own list and shows
 * its rows once both are in, so a sold row does not grow under the reader's eyes (decision 0056).
 */
export function useSoldPurchasesSettled(): boolean {
  return !useSoldPurchases().isPending;
}

export function useAdminPurchases(status: string) {
  return useQuery({
    queryKey: purchaseKeys.admin(status),
    queryFn: (
      { signal }, // A tab's value; the server refuses a status it does not know.
    ) => api.GET('/api/admin/purchases', { params: { query: { status: status as never } }, signal }),
    select: (d) => d.items,
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseCounts() {
  return useQuery({
    queryKey: purchaseKeys.counts,
    queryFn: ({ signal }) => api.GET('/api/admin/purchases/counts', { signal }),
  });
}

export function useLandedCost(listingId: string, amountDollars?: number, enabled = true) {
  return useQuery({
    queryKey: purchaseKeys.landed(listingId, amountDollars),
    queryFn: ({ signal }) =>
      api.GET('/api/purchases/landed-cost', {
        params: { query: { listingId, amount: amountDollars } },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryAddress() {
  return useQuery({
    queryKey: purchaseKeys.address,
    queryFn: ({ signal }) => api.GET('/api/purchases/address', { signal }),
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: purchaseKeys.all });
}

export function useSaveAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (a: DeliveryAddress) => api.PUT('/api/purchases/address', { body: a }),
    onSuccess: refresh,
  });
}

/** The choice issues the invoice: it sends the attempt's Idempotency-Key (docs/product/purchases.md#exactly-once). */
export function useChooseFulfilment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      fulfilment,
      idempotencyKey,
    }: {
      id: string;
      fulfilment: Fulfilment;
      idempotencyKey: string;
    }) =>
      api.POST('/api/purchases/{purchaseId}/fulfilment', {
        params: { path: { purchaseId: id }, header: { 'idempotency-key': idempotencyKey } },
        body: { fulfilment },
      }),
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
      const params = { path: { purchaseId: id } };
      let last = await api.POST('/api/purchases/{purchaseId}/claims', {
        params,
        body: { checkpoints, description },
      });
      for (const file of photos) {
        const form = new FormData();
        form.append('file', file);
        last = await api.upload('/api/purchases/{purchaseId}/claims/photos', form, { params });
      }
      return last;
    },
    onSettled: refresh,
  });
}

/** The admin steps the document has: POST /api/admin/purchases/{purchaseId}/<step>. */
export type AdminStep =
  Extract<
    ApiPath<'post'>,
    `/api/admin/purchases/{purchaseId}/${string}`
  > extends `/api/admin/purchases/{purchaseId}/${infer S}`
    ? S
    : never;

/** The admin steps that post money: each takes the attempt's Idempotency-Key (docs/product/purchases.md#exactly-once). */
export const MONEY_ADMIN_STEPS: readonly AdminStep[] = ['payments', 'cancel', 'claim-answer'];

/**
 * Admin steps with the step form's values; the server validates them (the form holds strings only). A money step
 * sends the attempt's key, so the same attempt sent again is answered, not recorded twice.
 */
export function useAdminStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      step,
      body,
      idempotencyKey,
    }: {
      id: string;
      step: AdminStep;
      body?: unknown;
      idempotencyKey?: string;
    }) =>
      api.POST(`/api/admin/purchases/{purchaseId}/${step}`, {
        params: {
          path: { purchaseId: id },
          ...(idempotencyKey && MONEY_ADMIN_STEPS.includes(step)
            ? { header: { 'idempotency-key': idempotencyKey } }
            : {}),
        } as never,
        body: (body ?? {}) as never,
      }),
    onSuccess: refresh,
  });
}
