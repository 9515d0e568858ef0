import { z } from 'zod';
import { formatCount } from './numbers';

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
  const hours = i.hours !== null ? `, ${formatCount(i.hours)} h` : '';
  return `A farmer${where} has a ${tractor}${hours}. Interested?`;
}

export const WANT_ANSWER_LABELS = { interested: "I'd pay up to $…", not_for_me: 'Not for me' } as const;

// ---------------------------------------------------------------- the API (docs/product/want-lists.md)

export const WANT_LISTS_MAX = 50;
/** The most a dealer may say they would pay, as for farmers' offers. */
export const WANT_ANSWER_MAX_CENTS = 10_000_000_00;

export const WANT_LIST_TEXT = {
  notFound: 'Want-list not found',
  matchNotFound: 'Match not found',
  tooMany: `You can keep at most ${WANT_LISTS_MAX} want-lists. Delete one first.`,
  viewerCannotEdit: "Viewers cannot change want-lists. Ask your dealership's owner for the buyer role.",
  noMake: 'This saved search has no make. Add a make to the search first.',
  created: 'Want-list saved',
  updated: 'Want-list updated',
  deleted: 'Want-list deleted',
  toSavedSearch: 'Saved search created from the want-list',
  fromSavedSearch: 'Want-list created from the saved search',
  amountRequired: 'Enter the most you would pay.',
  amountTooHigh: 'The amount must be at most $10,000,000.',
  amountTooLow: 'The amount must be at least $1.',
  answered: 'Thanks, FieldLot has your answer.',
} as const;

export const wantListSchema = z.object({
  id: z.string(),
  make: z.string(),
  modelWords: z.string(),
  yearMin: z.number().nullable(),
  yearMax: z.number().nullable(),
  maxHours: z.number().nullable(),
  maxPriceCents: z.number().nullable(),
  maxDistanceMiles: z.number().nullable(),
  states: z.array(z.string()),
  notes: z.string(),
  /** Who of the dealership made it. */
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WantList = z.infer<typeof wantListSchema>;
/** `canEdit`: owners and buyers change the dealership's lists; viewers read them. */
export const wantListListSchema = z.object({ items: z.array(wantListSchema), canEdit: z.boolean() });

export const WANT_ANSWERS = ['interested', 'not_for_me'] as const;
export type WantAnswer = (typeof WANT_ANSWERS)[number];

/** The dealer's answer to an inquiry match: "I'd pay up to $…" needs the amount, in cents. */
export const wantAnswerSchema = z.discriminatedUnion(
  'answer',
  [
    z.object({
      answer: z.literal('interested'),
      maxPriceCents: z
        .number(WANT_LIST_TEXT.amountRequired)
        .int()
        .min(100, WANT_LIST_TEXT.amountTooLow)
        .max(WANT_ANSWER_MAX_CENTS, WANT_LIST_TEXT.amountTooHigh),
    }),
    z.object({ answer: z.literal('not_for_me') }),
  ],
  { error: 'Choose "I\'d pay up to" or "Not for me"' },
);
export type WantAnswerInput = z.infer<typeof wantAnswerSchema>;

/** A farmer's tractor matched to one of the dealership's want-lists, as the dealer sees it. */
export const wantMatchSchema = z.object({
  id: z.string(),
  /** inquiryNoticeText: the town and the tractor only. */
  notice: z.string(),
  wantListId: z.string().nullable(),
  /** The want-list it matched, in short ("John Deere 6145R, 2010-2018"). */
  wants: z.string(),
  distanceMiles: z.number().nullable(),
  answer: z.enum(WANT_ANSWERS).nullable(),
  maxPriceCents: z.number().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WantMatch = z.infer<typeof wantMatchSchema>;
export const wantMatchListSchema = z.object({ items: z.array(wantMatchSchema) });

/** One dealership's match on the admin's inquiry view. */
export const inquiryMatchSchema = z.object({
  id: z.string(),
  dealershipName: z.string(),
  dealerName: z.string(),
  wants: z.string(),
  /** The most the want-list says they would pay (before any answer). */
  wantListMaxPriceCents: z.number().nullable(),
  distanceMiles: z.number().nullable(),
  answer: z.enum(WANT_ANSWERS).nullable(),
  /** What they answered they would pay up to. */
  maxPriceCents: z.number().nullable(),
  answeredAt: z.string().nullable(),
});
export type InquiryMatch = z.infer<typeof inquiryMatchSchema>;
export const inquiryMatchListSchema = z.object({ items: z.array(inquiryMatchSchema) });

/** "John Deere 6145R, 2010–2018, up to 5,000 h": a want-list in one line. */
export function wantListSummary(w: {
  make: string;
  modelWords: string;
  yearMin: number | null;
  yearMax: number | null;
  maxHours: number | null;
}): string {
  const name = [w.make, w.modelWords].filter(Boolean).join(' ');
  const years =
    w.yearMin !== null && w.yearMax !== null
      ? `${w.yearMin}–${w.yearMax}`
      : w.yearMin !== null
        ? `${w.yearMin} or newer`
        : w.yearMax !== null
          ? `${w.yearMax} or older`
          : null;
  const hours = w.maxHours !== null ? `up to ${formatCount(w.maxHours)} h` : null;
  return [name, years, hours].filter(Boolean).join(', ');
}

const HOUR_MS = 3600_000;
const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The badge on a first-look tractor in its dealers' inventory (docs/product/want-lists.md#first-look): "First look:
 * 2 days left", "First look: 1 day left", "First look: 5 hours left", "First look: 20 minutes left". Hours are
 * rounded up; from 24 of them, whole days to the nearest; minutes under an hour; null once it has ended.
 */
export function firstLookLeftText(endsAt: Date | string, now: Date): string | null {
  const ms = new Date(endsAt).getTime() - now.getTime();
  if (!(ms > 0)) return null;
  const hours = Math.ceil(ms / HOUR_MS);
  // A full day's window read a moment after it started is "1 day left", not "24 hours left".
  if (hours >= 24) return `First look: ${unit(Math.round(hours / 24), 'day')} left`;
  if (ms >= HOUR_MS) return `First look: ${unit(hours, 'hour')} left`;
  return `First look: ${unit(Math.ceil(ms / 60_000), 'minute')} left`;
}
