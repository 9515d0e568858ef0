import { z } from 'zod';
import { CONDITIONS, LISTING_LIMITS, LISTING_STATUSES, US_STATES, YEAR_MIN } from './listings.js';
import { formatCount } from './numbers.js';
import { stateName, stateNamed } from './places.js';

// The inventory's search filters: one schema for the server's query parsing and the SPA's URL state.

/**
 * The inventory counts its matches exactly up to this many; beyond, it says "1,000+ tractors", or "10,000+
 * tractors" when the database's estimate reaches INVENTORY_ESTIMATE_MARK (docs/product/listings.md#the-count;
 * decisions 0020 and 0095).
 */
export const INVENTORY_COUNT_CAP = 1000;

/** Past the exact count, an estimate of at least this many says "10,000+ tractors" (decision 0095). */
export const INVENTORY_ESTIMATE_MARK = 10_000;

/** Searches this short match the start of the make or the model (a substring of 1-2 letters says little). */
export const SHORT_SEARCH_MAX = 2;

/**
 * What a count past the cap shows: the bound it surely passes (the cap), or INVENTORY_ESTIMATE_MARK when the
 * database estimates at least that many. A lower bound, shown with a "+".
 */
export function cappedTotal(estimate: number | null): number {
  return (estimate ?? 0) >= INVENTORY_ESTIMATE_MARK ? INVENTORY_ESTIMATE_MARK : INVENTORY_COUNT_CAP;
}

/** "1 tractor", "250 tractors", "1,000+ tractors", "10,000+ tractors" (a capped total is a lower bound). */
export function tractorCountText(total: number, capped: boolean): string {
  if (capped) return `${formatCount(total)}+ tractors`;
  return `${formatCount(total)} ${total === 1 ? 'tractor' : 'tractors'}`;
}

export const SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'year_desc',
  'year_asc',
  'hours_asc',
  'hours_desc',
  'grade_desc',
] as const;
export type Sort = (typeof SORTS)[number];
/** Signed-out visitors may not sort or filter by a price they cannot see. */
export const PUBLIC_SORTS = SORTS.filter((s) => !s.startsWith('price')) as [Sort, ...Sort[]];

const STATE_NAMES = US_STATES.map(([, name]) => name) as [string, ...string[]];
const CHOOSE_A_STATE = 'Choose a US state';

/** A state as the inventory stores it, its full name ("Iowa"): what a saved search keeps. */
export const stateNameSchema = z.enum(STATE_NAMES, { error: CHOOSE_A_STATE });

/**
 * The state filter reads a state the way every other reader of a place does (domain/places.ts): its code or its
 * full name, in any case ("IA", "ia", "iowa", "Iowa"), and filters by its full name, which the listing forms store
 * (docs/product/listings.md#search-and-filters).
 */
const stateFilter = z
  .string({ error: CHOOSE_A_STATE })
  .max(40, CHOOSE_A_STATE)
  .transform((s, ctx) => {
    const name = stateName(stateNamed(s));
    if (!name) {
      ctx.addIssue({ code: 'custom', message: CHOOSE_A_STATE });
      return z.NEVER;
    }
    return name;
  });

const intParam = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .optional();

/** "Excellent,Good" (the query string's form) -> ['Excellent', 'Good']; an unknown condition is an error. */
const conditionList = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = parts.find((p) => !(CONDITIONS as readonly string[]).includes(p));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `Unknown condition: ${bad}` });
      return z.NEVER;
    }
    return parts;
  });

/** Each filter as the query string carries it (strings, coerced); prices in cents. */
export const listingFilterFields = {
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  brand: z.string().trim().max(60).optional(),
  yearMin: intParam(YEAR_MIN, 2100, 'Minimum year'),
  yearMax: intParam(YEAR_MIN, 2100, 'Maximum year'),
  hoursMax: intParam(0, LISTING_LIMITS.hours, 'Maximum hours'),
  condition: conditionList.optional(),
  state: stateFilter.optional(),
  // "Grade at least" (docs/product/condition-reports.md): a grade from 1.0 to 5.0, the same in the URL and the API (searched in tenths).
  gradeMin: z.coerce
    .number({ error: 'Grade must be a number from 1.0 to 5.0' })
    .min(1, 'Grade must be a number from 1.0 to 5.0')
    .max(5, 'Grade must be a number from 1.0 to 5.0')
    .optional(),
  priceMin: intParam(0, LISTING_LIMITS.priceCents, 'Minimum price'),
  priceMax: intParam(0, LISTING_LIMITS.priceCents, 'Maximum price'),
  sort: z.enum(SORTS, { error: 'Unknown sort order' }).optional(),
};

/** Minimum above maximum is an error of the minimum's field. */
export function rangeChecks<
  T extends { yearMin?: number; yearMax?: number; priceMin?: number; priceMax?: number },
>(v: T, ctx: z.RefinementCtx) {
  if (v.yearMin !== undefined && v.yearMax !== undefined && v.yearMin > v.yearMax)
    ctx.addIssue({ code: 'custom', path: ['yearMin'], message: 'Minimum year cannot be after maximum year' });
  if (v.priceMin !== undefined && v.priceMax !== undefined && v.priceMin > v.priceMax)
    ctx.addIssue({
      code: 'custom',
      path: ['priceMin'],
      message: 'Minimum price cannot be above maximum price',
    });
}

/** The filters of an inventory search (the SPA keeps them in the URL, prices there in whole dollars). */
export const listingFiltersSchema = z.object(listingFilterFields).superRefine(rangeChecks);
export type ListingFilters = z.infer<typeof listingFiltersSchema>;

const cursor = z.string().max(300).optional();
const { priceMin, priceMax, sort, ...publicFilterFields } = listingFilterFields;

/** GET /api/listings (approved dealers and admins): every filter and sort. */
export const dealerQuerySchema = z
  .object({ ...publicFilterFields, cursor, priceMin, priceMax, sort: sort.unwrap().default('newest') })
  .superRefine(rangeChecks);
export type ListingQuery = z.infer<typeof dealerQuerySchema>;

/** GET /api/listings/public: no price filters or price sorts. */
export const publicQuerySchema = z
  .object({ ...publicFilterFields, cursor, sort: z.enum(PUBLIC_SORTS).default('newest') })
  .superRefine(rangeChecks);

/**
 * "archived" is the admin's filter of archived listings (whatever their status); "in_review" the dealers'
 * listings waiting for FieldLot's review (docs/product/dealer-selling.md); the others hide archived ones.
 */
export const ADMIN_LISTING_FILTERS = [...LISTING_STATUSES, 'archived', 'in_review'] as const;
export const adminQuerySchema = z.object({
  q: listingFilterFields.q,
  status: z.enum(ADMIN_LISTING_FILTERS).optional(),
  cursor,
});

/**
 * The filters of a browse page's URL (the SPA's state, so a view can be shared), read leniently with the same
 * rules: a value its rule refuses is left out, so a hand-edited link still shows the inventory. Prices are whole
 * dollars in the URL and cents in the result.
 */
export function filtersFromUrl(params: { get(key: string): string | null }): ListingFilters {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(listingFilterFields) as (keyof typeof listingFilterFields)[]) {
    let raw = params.get(key)?.trim();
    if (!raw) continue;
    if (key === 'priceMin' || key === 'priceMax') {
      if (!/^\d{1,12}$/.test(raw)) continue;
      raw = String(Number(raw) * 100);
    }
    const parsed = listingFilterFields[key].safeParse(raw);
    const value = parsed.success ? parsed.data : undefined;
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) out[key] = value;
  }
  return out as ListingFilters;
}
