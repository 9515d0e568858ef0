import { SELL_FORM_MAKES } from '@domain/brands';
import { emailSchema } from '@domain/email';
import { checkPhone, INQUIRY_PHOTOS_MAX, INQUIRY_PHOTOS_MAX_MESSAGE, PHONE_MESSAGE } from '@domain/inquiries';
import { ArrowLeft, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { type InquiryInput, useSubmitInquiry } from '../api/inquiries';

interface SellValues {
  make: string;
  model: string;
  year: string;
  hours: string;
  location: string;
  transmission: string;
  phone: string;
  email: string;
}

const EMPTY: SellValues = {
  make: '',
  model: '',
  year: '',
  hours: '',
  location: '',
  transmission: '',
  phone: '',
  email: '',
};
const STEP_ONE_FIELDS = ['make', 'model', 'year', 'hours', 'location', 'transmission'] as const;

/** docs/product/selling.md#rules-and-limits: integers or none; blanks are none; transmission only when non-blank. */
export function toInquiryInput(v: SellValues): InquiryInput {
  const int = (s: string) => (s.trim() === '' ? null : Math.trunc(Number(s)));
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    make: text(v.make),
    model: text(v.model),
    year: int(v.year),
    hours: int(v.hours),
    location: text(v.location),
    ...(v.transmission.trim() ? { transmission: v.transmission.trim() } : {}),
    ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
    email: v.email,
  };
}

/** docs/product/selling.md#sell-form: step 1 (the tractor and its photos) then step 2 (e-mail and phone). */
export function SellForm() {
  const [step, setStep] = useState<1 | 2>(1);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const form = useForm<SellValues>({ defaultValues: EMPTY });
  const { register, handleSubmit, watch, reset, setError, formState } = form;
  const submit = useSubmitInquiry();
  const email = watch('email');

  const onSubmit = handleSubmit(async (values) => {
    if (step === 1) {
      setStep(2);
      return;
    }
    const parsed = emailSchema.safeParse(values.email);
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0].message });
      return;
    }
    if (!checkPhone(values.phone).ok) {
      setError('phone', { message: PHONE_MESSAGE });
      return;
    }
    try {
      await submit.mutateAsync({ input: toInquiryInput(values), photos });
      toast.success('Thank you! Your inquiry has been submitted successfully.');
      reset(EMPTY);
      setPhotos([]);
      setPhotoError(undefined);
      setStep(1);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'NETWORK') {
        toast.error('Something went wrong. Please try again.');
        return;
      }
      if (err.code === 'RATE_LIMITED') {
        toast.error(err.message);
        return;
      }
      if (err.fields.photos) {
        setPhotoError(err.fields.photos);
        setStep(1);
        toast.error(err.fields.photos);
        return;
      }
      if (!applyServerErrors(form, err)) return void toast.error('Failed to submit form. Please try again.');
      const fields = Object.keys(err.fields);
      if (fields.some((k) => (STEP_ONE_FIELDS as readonly string[]).includes(k))) setStep(1);
      toast.error(err.fields[fields.find((k) => k in EMPTY) ?? ''] ?? err.message);
    }
  });

  const errors = formState.errors;
  const busy = submit.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-labelledby="sell-form-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="sell-form-title" className="text-xl font-bold">
          {step === 1 ? 'Tell us about your tractor' : 'Where should we send your offer?'}
        </h2>
        <p className="shrink-0 text-sm font-semibold text-muted-foreground">Step {step} of 2</p>
      </div>

      {step === 1 ? (
        <div key="step-1" className="grid gap-4 sm:grid-cols-2">
          <Field label="Make" id="sell-make" error={errors.make?.message}>
            <NativeSelect id="sell-make" {...register('make')}>
              <option value="">Select make</option>
              {SELL_FORM_MAKES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Model" id="sell-model" error={errors.model?.message}>
            <Input id="sell-model" placeholder="e.g. 6155R" autoComplete="off" {...register('model')} />
          </Field>
          <Field label="Year" id="sell-year" error={errors.year?.message}>
            <Input
              id="sell-year"
              type="number"
              inputMode="numeric"
              placeholder="e.g. 2018"
              aria-invalid={errors.year ? true : undefined}
              aria-describedby={errors.year ? 'sell-year-error' : undefined}
              {...register('year')}
            />
          </Field>
          <Field label="Hours" id="sell-hours" error={errors.hours?.message}>
            <Input
              id="sell-hours"
              type="number"
              inputMode="numeric"
              min={0}
              placeholder="e.g. 4250"
              aria-invalid={errors.hours ? true : undefined}
              aria-describedby={errors.hours ? 'sell-hours-error' : undefined}
              {...register('hours')}
            />
          </Field>
          <Field label="Location" id="sell-location" error={errors.location?.message}>
            <Input
              id="sell-location"
              placeholder="Which state is the tractor in?"
              autoComplete="address-level1"
              {...register('location')}
            />
          </Field>
          <Field label="Transmission" id="sell-transmission" error={errors.transmission?.message}>
            <Input
              id="sell-transmission"
              placeholder="e.g. PowerShift, CVT, manual"
              autoComplete="off"
              {...register('transmission')}
            />
          </Field>
          <div className="sm:col-span-2">
            <PhotoPicker
              photos={photos}
              error={photoError}
              onChange={(next) => {
                setPhotoError(next.length > INQUIRY_PHOTOS_MAX ? INQUIRY_PHOTOS_MAX_MESSAGE : undefined);
                setPhotos(next.slice(0, INQUIRY_PHOTOS_MAX));
              }}
            />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              Submit
            </Button>
          </div>
        </div>
      ) : (
        // Its own key: React must not reuse step 1's inputs for step 2's (the values would swap places).
        <div key="step-2" className="grid gap-4">
          <Field
            label="Email"
            id="sell-email"
            error={errors.email?.message}
            hint="We'll send your offer to this email address"
          >
            <Input
              id="sell-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              autoFocus
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'sell-email-error' : undefined}
              {...register('email')}
            />
          </Field>
          <Field
            label="Phone (optional)"
            id="sell-phone"
            error={errors.phone?.message}
            hint="So our buyer can call you about the tractor"
          >
            <Input
              id="sell-phone"
              type="tel"
              autoComplete="tel"
              placeholder="e.g. (515) 555-0142"
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? 'sell-phone-error' : undefined}
              {...register('phone')}
            />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
            <Button type="button" variant="outline" onClick={() => setStep(1)} disabled={busy}>
              <ArrowLeft aria-hidden="true" /> Back to tractor details
            </Button>
            <Button type="submit" size="lg" variant="accent" disabled={busy || email.trim() === ''}>
              {busy ? 'Submitting...' : 'Get Offer'}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}

function Field({
  label,
  id,
  error,
  hint,
  children,
}: {
  label: string;
  id: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Up to 8 photos, shown as thumbnails with a remove button each; checked by the server like listing photos. */
function PhotoPicker({
  photos,
  error,
  onChange,
}: {
  photos: File[];
  error?: string;
  onChange: (photos: File[]) => void;
}) {
  const id = useId();
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const next = photos.map((p) => URL.createObjectURL(p));
    setUrls(next);
    return () => {
      for (const u of next) URL.revokeObjectURL(u);
    };
  }, [photos]);
  return (
    <div className="grid gap-2">
      <p className="text-sm leading-none font-medium">Photos (optional, up to {INQUIRY_PHOTOS_MAX})</p>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        JPEG, PNG, WebP or AVIF, 15 MB or smaller each.
      </p>
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Chosen photos">
          {photos.map((p, i) => (
            <li key={`${p.name}-${i}`} className="relative">
              <img
                src={urls[i]}
                alt={`Chosen ${i + 1}: ${p.name}`}
                className="aspect-[4/3] w-full rounded-md border border-border object-cover"
              />
              <button
                type="button"
                className="absolute top-1 right-1 rounded-full bg-black/70 p-1 text-white"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < INQUIRY_PHOTOS_MAX && (
        <label
          htmlFor={id}
          className="flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed border-border px-3 py-2 text-sm font-semibold focus-within:ring-2 focus-within:ring-ring"
        >
          <ImagePlus className="size-4" aria-hidden="true" /> Add photos
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            multiple
            className="sr-only"
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? []);
              e.target.value = '';
              onChange([...photos, ...chosen]);
            }}
          />
        </label>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
