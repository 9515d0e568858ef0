import { z } from 'zod';
import { parseDollarsToCents } from './money';
import { isBusinessDay } from './us-holidays';

/**
 * What purchases and the ledger share (docs/product/purchases.md#payments): payment methods, business days, the
 * amount and date fields of the admin's money forms. Its own file so `ledger.ts` and `purchases.ts` import it
 * without importing each other.
 */

export const PAYMENT_METHODS = ['wire', 'ach', 'check', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  wire: 'Wire transfer',
  ach: 'ACH',
  check: 'Check',
  other: 'Other',
};

/** `days` business days (Monday to Friday, US federal holidays skipped) after `from`, as YYYY-MM-DD (UTC). */
export function addBusinessDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d)) left--;
  }
  return d.toISOString().slice(0, 10);
}

/** A dollar amount typed by the admin ("12,500.00" or a number of dollars), as whole cents more than $0. */
export const amountCents = (label: string) =>
  z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    if (text.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: `${label} must be more than $0` });
      return z.NEVER;
    }
    const cents = parseDollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, like 12,500.00' });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be more than $0` });
      return z.NEVER;
    }
    return cents;
  });

export const isoDate = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: enter a date`);
