import { z } from 'zod';
import { LISTING_BRANDS } from '../../../../domain/brands.js';
import {
  CONDITIONS,
  LISTING_STATUSES,
  type ListingSpecs,
  SPEC_FIELDS,
  US_STATES,
  YEAR_MIN,
  yearMax,
} from '../../../../domain/listings.js';

export const PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 50;
export const SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'year_desc',
  'year_asc',
  'hours_asc',
  'hours_desc',
] as const;
export type Sort = (typeof SORTS)[number];
/** Signed-out visitors may not sort or filter by a price they cannot see. */
export const PUBLIC_SORTS = SORTS.filter((s) => !s.startsWith('price'));

const STATE_NAMES = US_STATES.map(([, name]) => name) as [string, ...string[]];
const MAX_CENTS = 100_000_000_00;

const intParam = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .optional();

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

const baseQuery = {
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  brand: z.string().trim().max(60).optional(),
  yearMin: intParam(YEAR_MIN, 2100, 'Minimum year'),
  yearMax: intParam(YEAR_MIN, 2100, 'Maximum year'),
  hoursMax: intParam(0, 10_000_000, 'Maximum hours'),
  condition: conditionList.optional(),
  state: z.enum(STATE_NAMES, { error: 'Choose a US state' }).optional(),
  cursor: z.string().max(300).optional(),
};

function rangeChecks<T extends { yearMin?: number; yearMax?: number; priceMin?: number; priceMax?: number }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.yearMin !== undefined && v.yearMax !== undefined && v.yearMin > v.yearMax)
    ctx.addIssue({ code: 'custom', path: ['yearMin'], message: 'Minimum year cannot be after maximum year' });
  if (v.priceMin !== undefined && v.priceMax !== undefined && v.priceMin > v.priceMax)
    ctx.addIssue({
      code: 'custom',
      path: ['priceMin'],
      message: 'Minimum price cannot be above maximum price',
    });
}

export const dealerQuerySchema = z
  .object({
    ...baseQuery,
    priceMin: intParam(0, MAX_CENTS, 'Minimum price'),
    priceMax: intParam(0, MAX_CENTS, 'Maximum price'),
    sort: z.enum(SORTS, { error: 'Unknown sort order' }).default('newest'),
  })
  .superRefine(rangeChecks);
export type ListingQuery = z.infer<typeof dealerQuerySchema>;

export const publicQuerySchema = z
  .object({ ...baseQuery, sort: z.enum(PUBLIC_SORTS as [Sort, ...Sort[]]).default('newest') })
  .superRefine(rangeChecks);

/** "archived" is the admin's filter of archived listings (whatever their status); the others hide them. */
export const ADMIN_LISTING_FILTERS = [...LISTING_STATUSES, 'archived'] as const;
export const adminQuerySchema = z.object({
  q: baseQuery.q,
  status: z.enum(ADMIN_LISTING_FILTERS).optional(),
  cursor: baseQuery.cursor,
});

export const idParams = z.object({ id: z.uuid('Invalid listing id') });
export const imageParams = z.object({
  id: z.uuid('Invalid listing id'),
  imageId: z.uuid('Invalid image id'),
});

export const imageSchema = z.object({
  id: z.string(),
  src: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  isPrimary: z.boolean(),
});
export type ImageDto = z.infer<typeof imageSchema>;
const cardImage = imageSchema.pick({ src: true, srcSet: true, width: true, height: true }).nullable();

const cardFields = {
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  location: z.string(),
  condition: z.string(),
  image: cardImage,
};
export const dealerCardSchema = z.object({ ...cardFields, priceCents: z.number() });
/** The public card cannot carry a price: the schema only admits null. */
export const publicCardSchema = z.object({ ...cardFields, priceCents: z.null() });
export type CardDto = z.infer<typeof dealerCardSchema> | z.infer<typeof publicCardSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    nextCursor: z.string().nullable(),
    brands: z.array(z.string()),
  });
export const dealerPageSchema = page(dealerCardSchema);
export const publicPageSchema = page(publicCardSchema);

// The spec fields come from domain/listings.ts (one list for the form, the detail page and this schema).
const SPEC_VALUE = {
  int: z.number().nullable(),
  text: z.string().nullable(),
  bool: z.boolean().nullable(),
} as const;
const specSchema = z.object(
  Object.fromEntries(SPEC_FIELDS.map((f) => [f.key, SPEC_VALUE[f.kind]])),
) as unknown as z.ZodType<ListingSpecs>;

export const detailSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  priceCents: z.number().nullable(),
  location: z.string(),
  condition: z.string(),
  description: z.string(),
  transmission: z.string().nullable(),
  frontLoader: z.boolean(),
  otherInfo: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  createdAt: z.string(),
  specs: specSchema,
  images: z.array(imageSchema),
});
export type DetailDto = z.infer<typeof detailSchema>;

export const adminRowSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  priceCents: z.number(),
  location: z.string(),
  condition: z.string(),
  status: z.enum(LISTING_STATUSES),
  createdAt: z.string(),
  owner: z.object({ name: z.string(), email: z.string() }),
  imageCount: z.number(),
  /** Offers ever made on it: a listing with any is archived instead of deleted. */
  offerCount: z.number(),
  archivedAt: z.string().nullable(),
  image: cardImage,
});
export const adminPageSchema = z.object({
  items: z.array(adminRowSchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
});

const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
const optInt = (max: number) =>
  z.number().int('Must be a whole number').min(0, 'Must be at least 0').max(max).nullish();

/** Listing fields without defaults (the edit body is a partial of these). Price in cents. */
const listingFields = z.object({
  make: z.enum(LISTING_BRANDS, { error: 'Make is required' }),
  model: z.string().trim().min(1, 'Model is required').max(120, 'Model must be at most 120 characters'),
  year: z
    .number({ error: 'Year is required' })
    .int('Year must be a whole number')
    .min(YEAR_MIN, `Year must be ${YEAR_MIN} or later`)
    .refine((y) => y <= yearMax(), { message: `Year must be ${yearMax()} or earlier` }),
  hours: z.number().int('Hours must be a whole number').min(0, 'Hours must be at least 0').max(10_000_000),
  priceCents: z
    .number()
    .int('Price must be in whole cents')
    .min(0, 'Price must be at least 0')
    .max(MAX_CENTS),
  location: z
    .string()
    .trim()
    .min(1, 'Location is required')
    .max(120, 'Location must be at most 120 characters'),
  condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters'),
  transmission: optText(120),
  frontLoader: z.boolean(),
  otherInfo: optText(2000),
  engineHours: optInt(10_000_000),
  buildYear: optInt(2100),
  topSpeed: optText(60),
  frontLinkage: optText(120),
  frontPto: optText(120),
  frontSuspension: optText(120),
  cabSuspension: optText(120),
  midMountValves: optText(120),
  gps: optText(120),
  rearTyreSize: optText(60),
  frontTyreSize: optText(60),
  pumpSize: optText(60),
  numberOfRearRemotes: optInt(20),
  rearRemoteType: optText(120),
  airBrakes: z.boolean().nullish(),
});

/** The add-listing body (SPEC.md section 5 defaults). Owner and status are never taken from it. */
export const listingInputSchema = listingFields.extend({
  hours: listingFields.shape.hours.default(0),
  priceCents: listingFields.shape.priceCents.default(0),
  condition: listingFields.shape.condition.default('Excellent'),
  description: listingFields.shape.description.default(''),
  frontLoader: listingFields.shape.frontLoader.default(false),
});
export type ListingInput = z.infer<typeof listingInputSchema>;
export const listingPatchSchema = listingFields.partial();
export type ListingPatch = z.infer<typeof listingPatchSchema>;
