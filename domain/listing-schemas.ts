import { z } from 'zod';
import { LISTING_BRANDS } from './brands.js';
import {
  CONDITIONS,
  LISTING_LIMITS,
  LISTING_STATUSES,
  type ListingSpecs,
  SPEC_FIELDS,
  type SpecField,
  tooLongMessage,
  YEAR_MIN,
  yearMax,
} from './listings.js';

// The listings API's request and response shapes: the server's routes declare them, the SPA types its
// queries and its add/edit form from them (prices in cents, dates ISO).

export const imageSchema = z
  .object({
    id: z.string(),
    src: z.string(),
    srcSet: z.string(),
    width: z.number(),
    height: z.number(),
    isPrimary: z.boolean(),
  })
  .meta({ id: 'ListingImage' });
export type ListingImage = z.infer<typeof imageSchema>;
export const cardImageSchema = imageSchema.pick({ src: true, srcSet: true, width: true, height: true });
export type CardImage = z.infer<typeof cardImageSchema>;

const cardFields = {
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  location: z.string(),
  condition: z.string(),
  image: cardImageSchema.nullable(),
  /** The condition report's grade; null until one is published. */
  grade: z.number().nullable(),
  /** Sold as-is, not inspected (an admin's decision, docs/product/condition-reports.md). */
  asIs: z.boolean(),
  /** "Hours corrected from 2,900 to 4,321 at inspection" (docs/decisions/0042-hours-corrected-at-inspection.md). */
  hoursNotice: z.string().nullable().optional(),
};
export const dealerCardSchema = z
  .object({ ...cardFields, priceCents: z.number() })
  .meta({ id: 'ListingCard' });
/** The public card cannot carry a price: the schema only admits null. */
export const publicCardSchema = z
  .object({ ...cardFields, priceCents: z.null() })
  .meta({ id: 'PublicListingCard' });
export type DealerCard = z.infer<typeof dealerCardSchema>;
/** A card of the inventory; priceCents is null for signed-out visitors (the server never sends them a price). */
export type ListingCard = z.infer<typeof dealerCardSchema> | z.infer<typeof publicCardSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** All matches, counted up to INVENTORY_COUNT_CAP; only the first page carries it (later pages answer -1). */
    total: z.number(),
    /**
     * true: there are more than INVENTORY_COUNT_CAP matches and `total` is a lower bound: the cap ("1,000+
     * tractors"), or INVENTORY_ESTIMATE_MARK when the database estimates that many ("10,000+ tractors").
     */
    totalCapped: z.boolean(),
    nextCursor: z.string().nullable(),
    brands: z.array(z.string()),
  });
export const dealerPageSchema = page(dealerCardSchema);
export const publicPageSchema = page(publicCardSchema);
/**
 * The tractors under a first look granted to the dealer's dealership, shown above its inventory with their end
 * (docs/product/want-lists.md#first-look): the badge "First look: 2 days left" is `firstLookLeftText(firstLookEndsAt)`.
 */
export const firstLookCardsSchema = z
  .object({ items: z.array(dealerCardSchema.extend({ firstLookEndsAt: z.string() })) })
  .meta({ id: 'FirstLookCards' });
export type FirstLookCard = z.infer<typeof firstLookCardsSchema>['items'][number];
export type InventoryPage = { items: ListingCard[] } & Omit<z.infer<typeof dealerPageSchema>, 'items'>;

const SPEC_VALUE = {
  int: z.number().nullable(),
  text: z.string().nullable(),
  bool: z.boolean().nullable(),
} as const;
const specSchema = z.object(
  Object.fromEntries(SPEC_FIELDS.map((f) => [f.key, SPEC_VALUE[f.kind]])),
) as unknown as z.ZodType<ListingSpecs>;

export const detailSchema = z
  .object({
    id: z.string(),
    make: z.string(),
    model: z.string(),
    year: z.number(),
    hours: z.number(),
    priceCents: z.number().nullable(),
    location: z.string(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    /** The yard (decision 0041): for admins and the listing's seller only; null for everyone else. */
    yardAddress: z.string().nullable(),
    yardPhone: z.string().nullable(),
    yardHours: z.string().nullable(),
    /** Null: not stated yet (a farmer's draft, decision 0073); a live listing always has one. */
    condition: z.string().nullable(),
    description: z.string(),
    transmission: z.string().nullable(),
    frontLoader: z.boolean(),
    otherInfo: z.string().nullable(),
    status: z.enum(LISTING_STATUSES),
    createdAt: z.string(),
    grade: z.number().nullable(),
    asIsReason: z.string().nullable(),
    hoursNotice: z.string().nullable(),
    specs: specSchema,
    images: z.array(imageSchema),
    /** Dealers watching it (docs/product/dealer-tools.md#watchlist): for admins (and sellers later); null for everyone else. */
    watchCount: z.number().nullable().optional(),
    /** The viewer is the dealer selling it (no offer button; docs/product/dealer-selling.md). */
    ownListing: z.boolean(),
    /** After a dealer's sale: the other party's company and contact, for the buyer and the seller only. */
    saleContact: z
      .object({
        role: z.enum(['buyer', 'seller']),
        name: z.string(),
        email: z.string(),
        companyName: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'ListingDetail' });
/** A listing for the detail page; priceCents is null for signed-out visitors. */
export type ListingDetail = z.infer<typeof detailSchema>;

export const adminRowSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  hours: z.number(),
  priceCents: z.number(),
  location: z.string(),
  /** Null: not stated yet (a farmer's draft, decision 0073); a live listing always has one. */
  condition: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  createdAt: z.string(),
  grade: z.number().nullable(),
  /** Sold as-is, not inspected (the review's Approve asks for a reason when there is neither this nor a report). */
  asIs: z.boolean(),
  owner: z.object({ name: z.string(), email: z.string() }),
  imageCount: z.number(),
  /** Offers ever made on it: a listing with any is archived instead of deleted. */
  offerCount: z.number(),
  /** Dealers watching it (docs/product/dealer-tools.md#watchlist). */
  watchCount: z.number(),
  archivedAt: z.string().nullable(),
  image: cardImageSchema.nullable(),
  /** A dealer's listing: its stage in the review (null for FieldLot's own). */
  reviewStatus: z.enum(['draft', 'in_review', 'changes_requested', 'approved', 'withdrawn']).nullable(),
  seller: z.object({ name: z.string(), companyName: z.string() }).nullable(),
});
export type AdminListingRow = z.infer<typeof adminRowSchema>;
export const adminPageSchema = z.object({
  items: z.array(adminRowSchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
  /** Dealers' listings waiting for review (the "In review" tab's count). */
  inReview: z.number(),
});
export type AdminListingsPage = z.infer<typeof adminPageSchema>;

// ---------------------------------------------------------------- the add and edit body

const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage(max))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
const optInt = (max: number) =>
  z.number().int('Must be a whole number').min(0, 'Must be at least 0').max(max).nullish();

const optBool = () => z.boolean().nullish();
type SpecRule<K extends SpecField['kind']> = K extends 'int'
  ? ReturnType<typeof optInt>
  : K extends 'text'
    ? ReturnType<typeof optText>
    : ReturnType<typeof optBool>;
/** Each specification field's rule, from its entry in SPEC_FIELDS (kind and max). */
const specRules = Object.fromEntries(
  SPEC_FIELDS.map((f) => [
    f.key,
    f.kind === 'int' ? optInt(f.max) : f.kind === 'text' ? optText(f.max) : optBool(),
  ]),
) as { [F in SpecField as F['key']]: SpecRule<F['kind']> };

/** The tractor's ZIP code: five digits, or empty (the listing form and the API). */
export const listingZipRule = z
  .string()
  .trim()
  .regex(/^(\d{5})?$/, 'Enter a 5-digit ZIP code');

/** The yard's contact phone: a US number of 10 digits (punctuation allowed), or empty. */
export const listingPhoneRule = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\+?1?[\s.()-]*(\d[\s.()-]*){10}$/.test(v), 'Enter a 10-digit phone number');

/**
 * The yard fields a listing needs before review or going live (decision 0041), in the form's order: a refusal
 * lists and focuses them as the dealer reads the form.
 */
export const YARD_MESSAGES = {
  location: 'Yard state is required',
  city: 'Yard city is required',
  zip: 'Yard ZIP code is required',
  yardAddress: 'Yard street address is required',
  yardPhone: 'Yard contact phone is required',
} as const;

/** Which yard fields are missing, each with its field message (empty when the yard is complete). */
export function yardProblems(l: {
  yardAddress: string | null;
  city: string | null;
  location: string | null;
  zip: string | null;
  yardPhone: string | null;
}): Partial<Record<keyof typeof YARD_MESSAGES, string>> {
  const out: Partial<Record<keyof typeof YARD_MESSAGES, string>> = {};
  for (const key of Object.keys(YARD_MESSAGES) as (keyof typeof YARD_MESSAGES)[])
    if (!l[key]?.trim()) out[key] = YARD_MESSAGES[key];
  return out;
}

/** What else a listing needs before it goes live or to review (decision 0073), beside its yard. */
export const READY_MESSAGES = {
  condition: "Choose the tractor's condition",
  priceCents: 'Set the asking price',
} as const;
export const YARD_REFUSAL = "Add the tractor's yard: street address, city, state, ZIP and contact phone";

/**
 * Every field a listing lacks to go live (`price`: the admin's Activate asks for a price, a dealer's review does
 * not), each with its message: the condition, the asking price, then the yard in the form's order.
 */
export function goLiveProblems(
  l: Parameters<typeof yardProblems>[0] & { condition: string | null; priceCents: number },
  options: { price: boolean },
): Partial<Record<keyof typeof YARD_MESSAGES | keyof typeof READY_MESSAGES, string>> {
  return {
    ...(l.condition ? {} : { condition: READY_MESSAGES.condition }),
    ...(options.price && !(l.priceCents > 0) ? { priceCents: READY_MESSAGES.priceCents } : {}),
    ...yardProblems(l),
  };
}

/** The refusal's one line: the yard's own when only the yard is missing, else what is missing in a list. */
export function goLiveRefusal(fields: Partial<Record<string, string>>): string {
  const yard = Object.keys(fields).some((k) => k in YARD_MESSAGES);
  const parts = [
    fields.condition ? 'condition' : null,
    fields.priceCents ? 'asking price' : null,
    yard ? 'yard' : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 1 && yard) return YARD_REFUSAL;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `Complete the listing before it goes live: its ${list}`;
}

/** Listing fields without defaults (the edit body is a partial of these; the web form reuses the text ones). */
export const listingFields = z.object({
  make: z.enum(LISTING_BRANDS, { error: 'Make is required' }),
  model: z
    .string()
    .trim()
    .min(1, 'Model is required')
    .max(LISTING_LIMITS.model, `Model must be at most ${LISTING_LIMITS.model} characters`),
  year: z
    .number({ error: 'Year is required' })
    .int('Year must be a whole number')
    .min(YEAR_MIN, `Year must be ${YEAR_MIN} or later`)
    .refine((y) => y <= yearMax(), { message: `Year must be ${yearMax()} or earlier` }),
  hours: z
    .number()
    .int('Hours must be a whole number')
    .min(0, 'Hours must be at least 0')
    .max(LISTING_LIMITS.hours),
  priceCents: z
    .number()
    .int('Price must be in whole cents')
    .min(0, 'Price must be at least 0')
    .max(LISTING_LIMITS.priceCents),
  location: z
    .string()
    .trim()
    .min(1, 'Location is required')
    .max(LISTING_LIMITS.location, `Location must be at most ${LISTING_LIMITS.location} characters`),
  // City and ZIP where the tractor stands, for delivery estimates (docs/product/purchases.md#delivery-and-landed-cost).
  city: optText(80),
  zip: listingZipRule.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  // The yard where a buyer collects it (decision 0041): required to submit or publish, see `yardProblems`.
  yardAddress: optText(LISTING_LIMITS.yardAddress),
  yardPhone: listingPhoneRule.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  yardHours: optText(LISTING_LIMITS.yardHours),
  condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
  description: z
    .string()
    .trim()
    .max(LISTING_LIMITS.description, `Description must be at most ${LISTING_LIMITS.description} characters`),
  transmission: optText(LISTING_LIMITS.transmission),
  frontLoader: z.boolean(),
  otherInfo: optText(LISTING_LIMITS.otherInfo),
  /** A dealer's lowest acceptable offer (docs/product/dealer-selling.md#floor-price): private to seller and admins. */
  floorPriceCents: z
    .number()
    .int('Floor price must be in whole cents')
    .min(0, 'Floor price must be at least 0')
    .max(LISTING_LIMITS.priceCents)
    .nullish(),
  ...specRules,
});

/** The add-listing body (docs/product/listings.md#listing-form defaults). Owner and status are never taken from it. */
export const listingInputSchema = listingFields.extend({
  hours: listingFields.shape.hours.default(0),
  priceCents: listingFields.shape.priceCents.default(0),
  condition: listingFields.shape.condition.default('Excellent'),
  description: listingFields.shape.description.default(''),
  frontLoader: listingFields.shape.frontLoader.default(false),
});
export type ListingInput = z.infer<typeof listingInputSchema>;
/** What the SPA sends to add a listing (before defaults and trimming). */
export type ListingBody = z.input<typeof listingInputSchema>;
/**
 * An edit names only fields a listing has: an unknown one ("price" for `priceCents`) is refused with its name, never
 * answered 200 and dropped (decision 0073).
 */
export const unknownFieldMessage = (keys: readonly string[]) =>
  `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}${
    keys.includes('price') ? '. The asking price is priceCents, in cents.' : ''
  }`;
export const listingPatchSchema = z.strictObject(listingFields.partial().shape, {
  error: (iss) => (iss.code === 'unrecognized_keys' ? unknownFieldMessage(iss.keys) : undefined),
});
export type ListingPatch = z.infer<typeof listingPatchSchema>;
