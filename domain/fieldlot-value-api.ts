import { z } from 'zod';
import { stateCode } from './fieldlot-value.js';
import { FACTORS } from './fieldlot-value-types.js';
import { IMPORT_SOURCES } from './sale-import.js';

/**
 * FieldLot Value's routes (docs/product/fieldlot-value.md): the query for a tractor that is not listed yet (listing
 * form, the admin's inquiry and review queue) and the answer, for a listing or a query. No buyer or seller is in
 * any shape here: a sale is its date, tractor and price.
 */

// Zod-free parts live in fieldlot-value.ts so the tractor page loads no zod (decision 0023).
export { stateCode, UNGRADED } from './fieldlot-value.js';

export const valueQuerySchema = z.object({
  make: z.string().trim().min(1, 'Enter the make').max(60),
  model: z.string().trim().min(1, 'Enter the model').max(80),
  year: z.coerce
    .number()
    .int('Enter a whole year')
    .min(1950, 'Enter a year from 1950')
    .max(2100, 'Enter a real year'),
  hours: z.coerce
    .number()
    .int('Enter whole hours')
    .min(0, 'Hours cannot be negative')
    .max(100_000, 'Enter at most 100,000 hours'),
  /** None: not inspected; the estimate then has no grade to adjust for (never a made-up 3). */
  grade: z.coerce.number().min(1, 'Grade is 1 to 5').max(5, 'Grade is 1 to 5').optional(),
  state: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((s, c) => {
      if (!s) return '';
      const code = stateCode(s);
      if (!code) {
        c.addIssue({ code: 'custom', message: 'Choose a US state' });
        return z.NEVER;
      }
      return code;
    }),
  /** A front loader with the tractor (the listing form's box); none: not known, no adjustment. */
  loader: z.enum(['yes', 'no'], 'Say yes or no').optional(),
  /** The asking price in cents, when there is one: the answer then says where it stands. */
  askingCents: z.coerce.number().int().positive().optional(),
});
export type ValueQueryInput = z.input<typeof valueQuerySchema>;

export const comparableSaleSchema = z.object({
  /** Where the sale was recorded: FieldLot's own or an imported source (docs/product/sale-imports.md). */
  source: z.enum(['fieldlot', 'demo', ...IMPORT_SOURCES]),
  soldOn: z.string(),
  /** null where the sale's record does not give it (imported sales may lack year, hours or grade). */
  year: z.number().int().nullable(),
  hours: z.number().int().nullable(),
  /** null: not inspected. */
  grade: z.number().nullable(),
  /** '' where the record names no state. */
  state: z.string(),
  priceCents: z.number().int(),
});
export type ComparableSale = z.infer<typeof comparableSaleSchema>;

export const valueAnswerSchema = z.object({
  make: z.string(),
  family: z.string(),
  /** null: "Not enough FieldLot sales to estimate". */
  estimate: z
    .object({
      valueCents: z.number().int(),
      lowCents: z.number().int(),
      highCents: z.number().int(),
      salesUsed: z.number().int(),
      /** Of the family's sales, how many are imported records, not FieldLot's own (0 on a make-size basis). */
      importedSales: z.number().int(),
      /** How far to trust the range: High ranges hold about as often as the rest, or more (the bench shows it). */
      confidence: z.enum(['High', 'Medium', 'Low']),
      /** 'make-size': the family has too few sales; valued from its make's sales of its size class. */
      basis: z.enum(['family', 'make-size']),
      /** Base for the family, then each adjustment, in cents: the lines add up exactly to valueCents. */
      breakdown: z.array(
        z.object({
          label: z.string(),
          cents: z.number().int(),
          /** What the line adjusts for; none on the base, the market level and the comparables. */
          factor: z.enum(FACTORS).optional(),
        }),
      ),
      /** What the value is not adjusted for, and how it was made ("blended with the 6 nearest comparable sales"). */
      notes: z.array(z.string()),
      comparablesBlended: z.number().int(),
    })
    .nullable(),
  /** Where the asking price stands (only with an estimate and an asking price). */
  standing: z
    .object({
      askingCents: z.number().int(),
      percent: z.number().int(),
      direction: z.enum(['below', 'above', 'at']),
      sentence: z.string(),
    })
    .nullable(),
  message: z.string().nullable(),
  comparables: z.array(comparableSaleSchema),
});
export type ValueAnswerResponse = z.infer<typeof valueAnswerSchema>;

export const marketFamilyParamsSchema = z.object({
  make: z.string().trim().min(1).max(60),
  family: z.string().trim().min(1).max(60),
});

export const marketIndexResponseSchema = z.object({
  families: z.array(
    z.object({
      make: z.string(),
      family: z.string(),
      sales: z.number().int(),
      lastSoldOn: z.string(),
      medianPriceCents: z.number().int(),
    }),
  ),
});
export type MarketIndexResponse = z.infer<typeof marketIndexResponseSchema>;
