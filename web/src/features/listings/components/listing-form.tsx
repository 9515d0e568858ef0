import { LISTING_BRANDS } from '@domain/brands';
import { stateCode } from '@domain/fieldlot-value';
import type { FarmerYard } from '@domain/inquiries';
import {
  type ListingBody,
  type ListingDetail,
  listingFields,
  listingPhoneRule,
  listingZipRule,
} from '@domain/listing-schemas';
import {
  CONDITIONS,
  LISTING_LIMITS,
  specFieldsOf,
  tooLongMessage,
  US_STATES,
  YEAR_MIN,
  yearMax,
} from '@domain/listings';
import { formatDollars, parseDollarsToCents } from '@domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, NativeSelect, Textarea } from '@/components/ui/input';
import { SimilarSold } from '@/features/market';
import { applyServerErrors } from '@/lib/form-errors';

const TEXT_SPECS = specFieldsOf('text');
const INT_SPECS = specFieldsOf('int');
const [AIR_BRAKES] = specFieldsOf('bool');

const wholeOrEmpty = (label: string, max: number) =>
  z
    .string()
    .refine((s) => s.trim() === '' || /^\d+$/.test(s.trim()), `${label} must be a whole number of at least 0`)
    .refine((s) => s.trim() === '' || Number(s) <= max, `${label} must be at most ${max}`);
const maxText = (max: number) => z.string().max(max, tooLongMessage(max));

// Form values are the strings the inputs hold; they become numbers (price in cents) on submit. The limits are
// the API's (domain/listings.ts: LISTING_LIMITS and each specification field's max in SPEC_FIELDS).
const schema = z.object({
  make: listingFields.shape.make,
  model: listingFields.shape.model,
  year: z
    .string()
    .min(1, 'Year is required')
    .refine((s) => /^\d+$/.test(s) && Number(s) >= YEAR_MIN, `Year must be ${YEAR_MIN} or later`)
    .refine((s) => Number(s) <= yearMax(), `Year must be ${yearMax()} or earlier`),
  hours: z.string().refine((s) => /^\d+$/.test(s.trim()), 'Hours must be at least 0'),
  price: z.string().refine((s) => parseDollarsToCents(s) !== null, 'Price must be at least 0'),
  floorPrice: z
    .string()
    .refine((s) => s.trim() === '' || parseDollarsToCents(s) !== null, 'Floor price must be at least 0'),
  location: listingFields.shape.location,
  city: maxText(80),
  zip: listingZipRule,
  yardAddress: maxText(LISTING_LIMITS.yardAddress),
  yardPhone: listingPhoneRule,
  yardHours: maxText(LISTING_LIMITS.yardHours),
  // '' only while a farmer's draft has no stated condition: saving leaves it unstated, Activate asks for it.
  condition: z.union([listingFields.shape.condition, z.literal('')]),
  description: listingFields.shape.description,
  transmission: maxText(LISTING_LIMITS.transmission),
  frontLoader: z.boolean(),
  otherInfo: maxText(LISTING_LIMITS.otherInfo),
  airBrakes: z.enum(['', 'yes', 'no']),
  ...Object.fromEntries(TEXT_SPECS.map(({ key: k, max }) => [k, maxText(max)])),
  ...Object.fromEntries(INT_SPECS.map(({ key: k, label, max }) => [k, wholeOrEmpty(label, max)])),
});
type FormValues = z.infer<typeof schema> & Record<string, string | boolean>;

function defaults(l?: ListingDetail, floorPriceCents?: number | null): FormValues {
  const s = l?.specs;
  const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    make: l?.make ?? '',
    model: l?.model ?? '',
    year: String(l?.year ?? new Date().getFullYear()),
    hours: String(l?.hours ?? 0),
    price: l ? String((l.priceCents ?? 0) / 100) : '0',
    floorPrice:
      floorPriceCents === null || floorPriceCents === undefined ? '' : String(floorPriceCents / 100),
    location: l?.location ?? '',
    city: l?.city ?? '',
    zip: l?.zip ?? '',
    yardAddress: l?.yardAddress ?? '',
    yardPhone: l?.yardPhone ?? '',
    yardHours: l?.yardHours ?? '',
    condition: l ? (l.condition ?? '') : 'Excellent',
    description: l?.description ?? '',
    transmission: l?.transmission ?? '',
    frontLoader: l?.frontLoader ?? false,
    otherInfo: l?.otherInfo ?? '',
    airBrakes: s?.airBrakes === true ? 'yes' : s?.airBrakes === false ? 'no' : '',
    ...Object.fromEntries(TEXT_SPECS.map(({ key: k }) => [k, str(s?.[k])])),
    ...Object.fromEntries(INT_SPECS.map(({ key: k }) => [k, str(s?.[k])])),
  } as FormValues;
}

function toBody(v: FormValues, seller: boolean): ListingBody {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    ...(seller
      ? { floorPriceCents: v.floorPrice.trim() === '' ? null : parseDollarsToCents(v.floorPrice) }
      : {}),
    make: v.make,
    model: v.model.trim(),
    year: Number(v.year),
    hours: Number(v.hours),
    priceCents: parseDollarsToCents(v.price) ?? 0,
    location: v.location,
    city: text(v.city),
    zip: text(v.zip),
    yardAddress: text(v.yardAddress),
    yardPhone: text(v.yardPhone),
    yardHours: text(v.yardHours),
    ...(v.condition ? { condition: v.condition } : {}),
    description: v.description.trim(),
    transmission: text(v.transmission),
    frontLoader: v.frontLoader,
    otherInfo: text(v.otherInfo),
    airBrakes: v.airBrakes === '' ? null : v.airBrakes === 'yes',
    ...Object.fromEntries(TEXT_SPECS.map(({ key: k }) => [k, text(v[k] as string)])),
    ...Object.fromEntries(
      INT_SPECS.map(({ key: k }) => [k, (v[k] as string).trim() === '' ? null : Number(v[k])]),
    ),
  };
}

/** The server's names for fields the form names otherwise. */
const SERVER_FIELDS = { priceCents: 'price', floorPriceCents: 'floorPrice' } as const;

/**
 * Add and edit form (docs/product/listings.md#listing-form): its fields, defaults and bounds, plus the specification
 * fields. The admin's and a dealer's (`seller`, docs/product/dealer-selling.md#listing-as-a-dealer) are this one
 * form: the seller's adds the private floor price and shows the seller fee and their proceeds.
 */
export function ListingForm({
  listing,
  submitLabel,
  onSubmit,
  seller,
  fieldErrors,
  farmerYard,
}: {
  listing?: ListingDetail;
  submitLabel: string;
  /** Resolves with field errors from the server, if any. */
  onSubmit: (body: ListingBody) => Promise<Record<string, string> | undefined>;
  seller?: { feeCents: number; floorPriceCents: number | null };
  /**
   * Field errors of a step taken outside the form (Submit for review refused for a missing yard), shown under
   * their fields; a new object each refusal, so a second one shows again (docs/product/listings.md#the-yard).
   */
  fieldErrors?: Record<string, string> | null;
  /** A farmer's draft: their town, state, ZIP and phone, offered as the yard (docs/product/selling.md). */
  farmerYard?: FarmerYard | null;
}) {
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: defaults(listing, seller?.floorPriceCents),
  });
  const { register, formState } = form;
  const sold = listing?.status === 'sold';
  const err = (k: string) => (formState.errors as Record<string, { message?: string }>)[k]?.message;
  const aria = (k: string) => ({
    'aria-invalid': Boolean(err(k)),
    'aria-describedby': err(k) ? `lf-${k}-err` : undefined,
  });

  const submit = form.handleSubmit(async (v) => {
    const fields = await onSubmit(toBody(v, Boolean(seller)));
    applyServerErrors(form, fields, { fieldMap: SERVER_FIELDS });
  });
  useEffect(() => {
    if (fieldErrors) applyServerErrors(form, fieldErrors, { fieldMap: SERVER_FIELDS });
  }, [fieldErrors, form]);

  const field = (k: string, label: string, control: React.ReactNode, className = '') => (
    <div className={`space-y-1.5 ${className}`}>
      <Label htmlFor={`lf-${k}`}>{label}</Label>
      {control}
      <FieldError id={`lf-${k}-err`} message={err(k)} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'make',
          'Make',
          <NativeSelect id="lf-make" {...register('make')} {...aria('make')}>
            <option value="">Select make</option>
            {LISTING_BRANDS.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </NativeSelect>,
        )}
        {field('model', 'Model', <Input id="lf-model" {...register('model')} {...aria('model')} />)}
        {field(
          'year',
          'Year',
          <Input
            id="lf-year"
            type="number"
            inputMode="numeric"
            min={YEAR_MIN}
            max={yearMax()}
            {...register('year')}
            {...aria('year')}
          />,
        )}
        {field(
          'hours',
          'Hours',
          <Input
            id="lf-hours"
            type="number"
            inputMode="numeric"
            min={0}
            {...register('hours')}
            {...aria('hours')}
          />,
        )}
        {field(
          'price',
          'Price ($)',
          <>
            <Input
              id="lf-price"
              inputMode="decimal"
              // A sold tractor's price is part of the sale's record (the server refuses a change too).
              readOnly={sold}
              {...register('price')}
              {...aria('price')}
              aria-describedby={sold ? 'lf-price-sold' : aria('price')['aria-describedby']}
            />
            {sold && (
              <p id="lf-price-sold" className="text-sm text-muted-foreground">
                The price of a sold tractor cannot be changed.
              </p>
            )}
          </>,
        )}
        {seller &&
          field(
            'floorPrice',
            'Floor price ($, optional)',
            <>
              <Input
                id="lf-floorPrice"
                inputMode="decimal"
                {...register('floorPrice')}
                {...aria('floorPrice')}
                aria-describedby="lf-floorPrice-hint"
              />
              <p id="lf-floorPrice-hint" className="text-sm text-muted-foreground">
                Private to you and FieldLot. Offers below it are declined politely, without naming it.
              </p>
            </>,
          )}
        {seller && <SellerProceeds feeCents={seller.feeCents} price={form.watch('price')} />}
        <SimilarSold
          tractor={{
            make: String(form.watch('make') ?? ''),
            model: String(form.watch('model') ?? ''),
            year: Number(form.watch('year')),
            hours: Number(form.watch('hours')),
            loader: form.watch('frontLoader') ? 'yes' : 'no',
            ...(stateCode(String(form.watch('location') ?? ''))
              ? { state: stateCode(String(form.watch('location'))) ?? undefined }
              : {}),
          }}
        />
        {field(
          'location',
          'Location (state)',
          <NativeSelect id="lf-location" {...register('location')} {...aria('location')}>
            <option value="">Select state</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={name}>
                {name}
              </option>
            ))}
            {listing && !US_STATES.some(([, n]) => n === listing.location) && (
              <option value={listing.location}>{listing.location}</option>
            )}
          </NativeSelect>,
        )}
        {field(
          'city',
          'City',
          <Input id="lf-city" autoComplete="off" {...register('city')} {...aria('city')} />,
        )}
        {field(
          'zip',
          'ZIP code (for delivery estimates)',
          <Input id="lf-zip" inputMode="numeric" autoComplete="off" {...register('zip')} {...aria('zip')} />,
        )}
        {farmerYard?.town && (
          <div className="sm:col-span-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                const fill = {
                  location: farmerYard.location,
                  city: farmerYard.city,
                  zip: farmerYard.zip,
                  yardPhone: farmerYard.yardPhone,
                };
                for (const [k, v] of Object.entries(fill))
                  if (v)
                    form.setValue(k as keyof FormValues, v as never, {
                      shouldDirty: true,
                      shouldValidate: true,
                    });
              }}
            >
              Use the farmer's yard: {farmerYard.town}
            </Button>
          </div>
        )}
        {/* The yard (decision 0041): needed before review or going live; never shown to visitors. */}
        {field(
          'yardAddress',
          'Yard street address',
          <Input
            id="lf-yardAddress"
            autoComplete="off"
            {...register('yardAddress')}
            {...aria('yardAddress')}
          />,
        )}
        {field(
          'yardPhone',
          'Yard contact phone',
          <Input
            id="lf-yardPhone"
            type="tel"
            autoComplete="off"
            {...register('yardPhone')}
            {...aria('yardPhone')}
          />,
        )}
        {field(
          'yardHours',
          'Yard opening hours (optional, e.g. Mon–Fri 8–5)',
          <Input id="lf-yardHours" autoComplete="off" {...register('yardHours')} {...aria('yardHours')} />,
        )}
        {field(
          'condition',
          'Condition',
          <NativeSelect id="lf-condition" {...register('condition')} {...aria('condition')}>
            {listing && !listing.condition && <option value="">Not stated: choose one</option>}
            {CONDITIONS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </NativeSelect>,
        )}
        {field('transmission', 'Transmission', <Input id="lf-transmission" {...register('transmission')} />)}
        <label className="flex min-h-11 items-center gap-2 sm:col-span-2">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('frontLoader')} />
          <span className="text-sm font-medium">Front loader</span>
        </label>
        {field(
          'description',
          'Description',
          <Textarea id="lf-description" rows={4} {...register('description')} />,
          'sm:col-span-2',
        )}
        {field(
          'otherInfo',
          'Other information',
          <Textarea id="lf-otherInfo" rows={2} {...register('otherInfo')} />,
          'sm:col-span-2',
        )}
      </div>
      <details className="rounded-lg border border-border p-4" open={Boolean(listing)}>
        <summary className="cursor-pointer font-semibold">Technical specifications (optional)</summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {INT_SPECS.map(({ key: k, label }) =>
            field(
              k,
              label,
              <Input
                id={`lf-${k}`}
                type="number"
                inputMode="numeric"
                min={0}
                {...register(k)}
                {...aria(k)}
              />,
            ),
          )}
          {TEXT_SPECS.map(({ key: k, label }) =>
            field(k, label, <Input id={`lf-${k}`} {...register(k)} {...aria(k)} />),
          )}
          {field(
            AIR_BRAKES.key,
            AIR_BRAKES.label,
            <NativeSelect id="lf-airBrakes" {...register('airBrakes')}>
              <option value="">Not specified</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </NativeSelect>,
          )}
        </div>
      </details>
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The seller fee and what the dealer receives at the asking price (docs/product/dealer-selling.md#seller-fee). */
function SellerProceeds({ feeCents, price }: { feeCents: number; price: string }) {
  const cents = parseDollarsToCents(price) ?? 0;
  return (
    <p
      className="rounded-md border border-border bg-muted p-3 text-sm sm:col-span-2"
      data-testid="seller-fee"
    >
      FieldLot's seller fee is <strong>{formatDollars(feeCents)}</strong> a sale. At this price you receive{' '}
      <strong>{formatDollars(Math.max(0, cents - feeCents))}</strong> ({formatDollars(cents)} −{' '}
      {formatDollars(feeCents)}).
    </p>
  );
}
