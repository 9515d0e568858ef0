/** The Timed Sale's API shapes (docs/product/timed-sale.md), apart from its rules in timed-sale.ts. */
import { z } from 'zod';
import { cardImageSchema } from './listing-schemas';
import { listingFilterFields, rangeChecks } from './listing-search';
import { parseDollarAmount } from './money';
import {
  LOT_INTERVAL_DEFAULT_SECONDS,
  LOT_INTERVAL_MAX_SECONDS,
  LOT_INTERVAL_MIN_SECONDS,
  LOT_STATUSES,
} from './timed-sale';

const isoTime = z.iso.datetime({ offset: true, message: 'Enter a date and time' });

export const createSaleBody = z.object({
  name: z.string().trim().min(3, 'Name the sale, like "Tuesday Sale, Dec 8"').max(80),
  startsAt: isoTime,
  firstCloseAt: isoTime,
  intervalSeconds: z
    .number()
    .int()
    .min(LOT_INTERVAL_MIN_SECONDS, 'One lot every 30 seconds to 5 minutes')
    .max(LOT_INTERVAL_MAX_SECONDS, 'One lot every 30 seconds to 5 minutes')
    .default(LOT_INTERVAL_DEFAULT_SECONDS),
});
export type CreateSaleBody = z.input<typeof createSaleBody>;

export const saleSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    startsAt: z.string(),
    firstCloseAt: z.string(),
    intervalSeconds: z.number(),
    lotCount: z.number(),
  })
  .meta({ id: 'TimedSale' });
export type SaleSummary = z.infer<typeof saleSummarySchema>;

export const saleListSchema = z.object({ sales: z.array(saleSummarySchema), serverNow: z.string() });

export const lotSchema = z
  .object({
    id: z.string(),
    position: z.number(),
    listingId: z.string(),
    make: z.string(),
    model: z.string(),
    year: z.number(),
    hours: z.number(),
    location: z.string(),
    grade: z.number().nullable(),
    image: cardImageSchema.nullable(),
    opensAt: z.string(),
    closesAt: z.string(),
    status: z.enum(LOT_STATUSES),
    bidCount: z.number(),
    /** Null for visitors: they see the lots, never prices. */
    currentBidCents: z.number().nullable(),
    nextBidCents: z.number().nullable(),
    reserveMet: z.boolean().nullable(),
    /** The viewer's own standing: leading, their maximum, their dealership sells it. */
    youLead: z.boolean(),
    yourMaxCents: z.number().nullable(),
    ownLot: z.boolean(),
    ifDeadline: z.string().nullable(),
    /** FieldLot Value of the tractor (docs/product/fieldlot-value.md); null for visitors and without enough sales. */
    value: z.object({ valueCents: z.number(), lowCents: z.number(), highCents: z.number() }).nullable(),
  })
  .meta({ id: 'TimedSaleLot' });
export type Lot = z.infer<typeof lotSchema>;

/**
 * The run list's filters (docs/product/timed-sale.md#the-run-list): the inventory's own rules and words
 * (domain/listing-search.ts); the price filters read the current bid and are for dealers only.
 */
const { q, brand, yearMin, yearMax, hoursMax, state, gradeMin, priceMin, priceMax } = listingFilterFields;
export const runListQuerySchema = z
  .object({ q, brand, yearMin, yearMax, hoursMax, state, gradeMin, priceMin, priceMax })
  .superRefine(rangeChecks);
export type RunListQuery = z.infer<typeof runListQuerySchema>;

export const runListSchema = z.object({
  sale: saleSummarySchema,
  /** The lots the filters match, in run-list order (all of them without filters). */
  lots: z.array(lotSchema),
  /** The brands in the whole sale, for the brand filter. */
  brands: z.array(z.string()),

  /** The server's clock when answering: the page counts down on it (docs/product/timed-sale.md#the-clock). */
  serverNow: z.string(),
});
export type RunList = z.infer<typeof runListSchema>;

export const lotHistorySchema = z.object({
  lot: lotSchema,
  bids: z.array(
    z.object({
      /** "Bidder 2", "You"; an admin also gets the dealer's name. */
      bidder: z.string(),
      name: z.string().nullable(),
      priceAfterCents: z.number(),
      at: z.string(),
    }),
  ),
  serverNow: z.string(),
});
export type LotHistory = z.infer<typeof lotHistorySchema>;

export const addLotBody = z.object({ listingId: z.uuid('Tractor not found') });
export const saleIdParams = z.object({ saleId: z.uuid('Sale not found') });
export const lotIdParams = z.object({ lotId: z.uuid('Lot not found') });

const amountField = z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
  const cents = parseDollarAmount(v);
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: 'Enter a whole dollar amount, like 12,500' });
    return z.NEVER;
  }
  return cents;
});

export const bidBody = z.object({ kind: z.enum(['bid', 'max']), amount: amountField });
export type BidBody = z.input<typeof bidBody>;

export const bidAnswerSchema = z.object({ lot: lotSchema, replayed: z.boolean(), serverNow: z.string() });

export const ifDecisionBody = z.object({ accept: z.boolean() });

/** The admin's report of bidders who bid on one seller's lots far more than they win (admins see who). */
export const bidderReportSchema = z.object({
  rule: z.object({ minBids: z.number(), minLots: z.number(), maxWinShare: z.number() }),
  rows: z.array(
    z.object({
      bidderUserId: z.string(),
      bidderName: z.string(),
      bidderEmail: z.string(),
      bidderCompany: z.string(),
      sellerName: z.string(),
      bids: z.number(),
      lots: z.number(),
      wins: z.number(),
    }),
  ),
});
export type BidderReport = z.infer<typeof bidderReportSchema>;
