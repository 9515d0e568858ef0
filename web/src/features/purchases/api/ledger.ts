import type { LedgerMoneyBody, MoneyRangeQuery, PayoutBody } from '@domain/ledger-api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl, qs } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';
import { purchaseKeys } from './purchases';

// The ledger's reads and the admin's money steps (docs/product/purchases.md#the-ledger). Keys start with
// 'purchases', so a live purchase update or any purchase step reloads them too.
const ledgerKeys = {
  ledger: (id: string) => [...purchaseKeys.all, 'ledger', id] as const,
  money: (r: MoneyRangeQuery) => [...purchaseKeys.all, 'money', r.from, r.to] as const,
};

/** The admin's view of one purchase's ledger: entries in date order with running balances, and the figures. */
export function usePurchaseLedger(purchaseId: string) {
  return useQuery({
    queryKey: ledgerKeys.ledger(purchaseId),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/purchases/{purchaseId}/ledger', { params: { path: { purchaseId } }, signal }),
  });
}

/** The admin's money view over a range (null: the range is not valid yet, nothing is asked). */
export function useMoneyView(range: MoneyRangeQuery | null) {
  return useQuery({
    queryKey: ledgerKeys.money(range ?? { from: '', to: '' }),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/money', { params: { query: range as MoneyRangeQuery }, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the entries in the range, for a plain download link. */
export const moneyCsvUrl = (range: MoneyRangeQuery) => `${apiUrl('/api/admin/money.csv', {})}${qs(range)}`;

export const MONEY_STEPS = ['refunds', 'payouts', 'seller-repayments'] as const;
export type MoneyStep = (typeof MONEY_STEPS)[number];

/**
 * Records a refund to the buyer, a payout to the seller or the seller's repayment, under the attempt's
 * Idempotency-Key: the same attempt sent again is answered, not recorded twice.
 */
export function useRecordMoney() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      step,
      body,
      idempotencyKey,
    }: {
      id: string;
      step: MoneyStep;
      body: LedgerMoneyBody | PayoutBody;
      idempotencyKey: string;
    }) =>
      api.POST(`/api/admin/purchases/{purchaseId}/${step}`, {
        params: { path: { purchaseId: id }, header: { 'idempotency-key': idempotencyKey } },
        body,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
