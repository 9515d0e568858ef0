import { z } from 'zod';

/** docs/product/want-lists.md: what a dealer would buy, matched to new listings and farmers' inquiries. */
const CURRENT_YEAR_LIMIT = new Date().getFullYear() + 1;

export const wantListFormSchema = z
  .object({
    make: z.string().trim().min(1, 'Enter a make.').max(60),
    modelWords: z.string().trim().max(120).default(''),
    yearMin: z.number().int().min(1900).max(CURRENT_YEAR_LIMIT).nullable().default(null),
    yearMax: z.number().int().min(1900).max(CURRENT_YEAR_LIMIT).nullable().default(null),
    maxHours: z.number().int().min(0).max(200_000).nullable().default(null),
    maxPriceCents: z.number().int().min(0).nullable().default(null),
    maxDistanceMiles: z.number().int().min(1).max(5_000).nullable().default(null),
    states: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Use two-letter state codes.'))
      .max(60)
      .default([]),
    notes: z.string().trim().max(1_000).default(''),
  })
  .refine((w) => w.yearMin === null || w.yearMax === null || w.yearMin <= w.yearMax, {
    message: 'The first year must not be after the last.',
    path: ['yearMax'],
  });
export type WantListForm = z.infer<typeof wantListFormSchema>;

/** A tractor to test against a want-list: a new live listing or a farmer's inquiry. */
export interface WantCandidate {
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
  /** Asking price, when known (listings); inquiries have none. */
  priceCents?: number | null;
  state: string | null;
  /** Miles from the dealer's yard, when both places are known. */
  distanceMiles: number | null;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * One rule for both listings and inquiries: every filled criterion must hold; an unknown fact on the tractor
 * (no year, no hours) does not rule it out, so a dealer still hears of a farmer who left it blank.
 */
export function matchesWantList(w: WantListForm, c: WantCandidate): boolean {
  if (!c.make || c.make.trim().toLowerCase() !== w.make.trim().toLowerCase()) return false;
  const model = new Set(words(c.model ?? ''));
  if (!words(w.modelWords).every((word) => model.has(word))) return false;
  if (c.year !== null && w.yearMin !== null && c.year < w.yearMin) return false;
  if (c.year !== null && w.yearMax !== null && c.year > w.yearMax) return false;
  if (c.hours !== null && w.maxHours !== null && c.hours > w.maxHours) return false;
  if (c.priceCents != null && w.maxPriceCents !== null && c.priceCents > w.maxPriceCents) return false;
  const nearEnough =
    w.maxDistanceMiles === null || (c.distanceMiles !== null && c.distanceMiles <= w.maxDistanceMiles);
  const inState = w.states.length === 0 || (c.state !== null && w.states.includes(c.state.toUpperCase()));
  // Distance and states are alternatives ("distance from their yard (or states)"): either one admits.
  if (w.maxDistanceMiles !== null && w.states.length > 0) return nearEnough || inState;
  return nearEnough && inState;
}

/** The dealer's notice: never the farmer's name, e-mail or phone, only the town and the tractor. */
export function inquiryNoticeText(i: {
  town: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
}): string {
  const where = i.town ? ` near ${i.town}` : '';
  const tractor = [i.year, i.make, i.model].filter((p) => p !== null && p !== '').join(' ');
  const hours = i.hours !== null ? `, ${new Intl.NumberFormat('en-US').format(i.hours)} h` : '';
  return `A farmer${where} has a ${tractor}${hours}. Interested?`;
}

export const WANT_ANSWER_LABELS = { interested: "I'd pay up to $…", not_for_me: 'Not for me' } as const;
