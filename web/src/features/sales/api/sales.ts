import type { ListingFilters } from '@domain/listing-search';
import type { BidBody, BidderReport, CreateSaleBody, RunList, RunListQuery } from '@domain/timed-sale-api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMutation } from '@/lib/use-mutation';

export const saleKeys = {
  list: ['sales', 'list'] as const,
  runList: (saleId: string) => ['sales', saleId] as const,
  bidderReport: ['sales', 'reports', 'bidders'] as const,
};

/** The inventory's filters the run list takes (docs/product/timed-sale.md#the-run-list); prices in cents. */
export function runListQuery(f: ListingFilters): RunListQuery {
  const { q, brand, yearMin, yearMax, hoursMax, state, gradeMin, priceMin, priceMax } = f;
  const all = { q, brand, yearMin, yearMax, hoursMax, state, gradeMin, priceMin, priceMax };
  return Object.fromEntries(
    Object.entries(all).filter(([, v]) => v !== undefined && v !== ''),
  ) as RunListQuery;
}

/**
 * The server's clock minus the browser's, learned from each answer's `serverNow` (docs/product/timed-sale.md#the-clock):
 * the countdown runs on the server's time, whatever the phone's clock says. The round trip's middle is taken as
 * the moment the server answered, so the error is at most half a round trip.
 */
let clockOffsetMs = 0;
export const serverNow = () => Date.now() + clockOffsetMs;

function learnOffset(serverNowIso: string, sentAt: number) {
  const receivedAt = Date.now();
  clockOffsetMs = new Date(serverNowIso).getTime() - (sentAt + receivedAt) / 2;
}

export function useSales() {
  return useQuery({
    queryKey: saleKeys.list,
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const data = await api.GET('/api/sales', { signal });
      learnOffset(data.serverNow, sentAt);
      return data;
    },
  });
}

export function useRunList(saleId: string, query: RunListQuery = {}) {
  return useQuery({
    // Under the sale's key: a live event of the sale refreshes every filtered view of it.
    queryKey: [...saleKeys.runList(saleId), query],
    // A new filter keeps the old list on screen until its answer comes.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<RunList> => {
      const sentAt = Date.now();
      const data = await api.GET('/api/sales/{saleId}', { params: { path: { saleId }, query }, signal });
      learnOffset(data.serverNow, sentAt);
      return data;
    },
  });
}

export function useBid(saleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: { lotId: string; body: BidBody; idempotencyKey: string }) => {
      const sentAt = Date.now();
      const data = await api.POST('/api/sales/lots/{lotId}/bids', {
        params: { path: { lotId: a.lotId }, header: { 'idempotency-key': a.idempotencyKey } },
        body: a.body,
      });
      learnOffset(data.serverNow, sentAt);
      return data;
    },
    // A bid that reaches the server after the close is refused ("This lot closed at 10:14:00") when the lot's panel
    // already reads closed, or is gone: the refusal is still shown, as a toast (docs/product/timed-sale.md#the-clock).
    onError: (err, a) => {
      const lot = qc.getQueryData<RunList>(saleKeys.runList(saleId))?.lots.find((l) => l.id === a.lotId);
      if (lot?.status !== 'open' || serverNow() >= new Date(lot.closesAt).getTime()) toast.error(err.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: saleKeys.runList(saleId) }),
  });
}

export function useCreateSale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSaleBody) => api.POST('/api/sales', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: saleKeys.list }),
  });
}

export function useAddLot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { saleId: string; listingId: string }) =>
      api.POST('/api/sales/{saleId}/lots', {
        params: { path: { saleId: a.saleId } },
        body: { listingId: a.listingId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sales'] }),
  });
}

export function useAnswerIf(saleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { lotId: string; accept: boolean }) =>
      api.POST('/api/sales/lots/{lotId}/if', {
        params: { path: { lotId: a.lotId } },
        body: { accept: a.accept },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: saleKeys.runList(saleId) }),
  });
}

/** docs/product/timed-sale.md#rules-against-games: the admin's report. */
export function useBidderReport() {
  return useQuery({
    queryKey: saleKeys.bidderReport,
    queryFn: ({ signal }): Promise<BidderReport> => api.GET('/api/sales/reports/bidders', { signal }),
  });
}
