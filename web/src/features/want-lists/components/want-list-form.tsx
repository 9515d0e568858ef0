import { formatDollars, parseDollarAmount } from '@domain/money';
import { type WantList, type WantListForm, wantListFormSchema } from '@domain/want-lists';
import { useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveWantList } from '../api/want-lists';

/** The form's text fields; numbers are checked by the domain schema on submit. */
interface Values {
  make: string;
  modelWords: string;
  yearMin: string;
  yearMax: string;
  maxHours: string;
  maxPrice: string;
  maxDistanceMiles: string;
  states: string;
  notes: string;
}

const toText = (n: number | null) => (n === null ? '' : String(n));
function valuesOf(w: WantList | null): Values {
  return {
    make: w?.make ?? '',
    modelWords: w?.modelWords ?? '',
    yearMin: toText(w?.yearMin ?? null),
    yearMax: toText(w?.yearMax ?? null),
    maxHours: toText(w?.maxHours ?? null),
    maxPrice: w?.maxPriceCents != null ? formatDollars(w.maxPriceCents).replace('$', '') : '',
    maxDistanceMiles: toText(w?.maxDistanceMiles ?? null),
    states: (w?.states ?? []).join(', '),
    notes: w?.notes ?? '',
  };
}

const NUMBER_FIELDS = ['yearMin', 'yearMax', 'maxHours', 'maxDistanceMiles'] as const;
/** Server and schema field -> form field. */
const FIELD_OF: Record<string, keyof Values> = { maxPriceCents: 'maxPrice' };

/** docs/product/want-lists.md#what-a-want-list-says: add or change a want-list. */
export function WantListFormDialog({
  open,
  onOpenChange,
  editing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: WantList | null;
}) {
  const id = useId();
  const save = useSaveWantList();
  const form = useForm<Values>({ values: valuesOf(editing) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    form.clearErrors();
    const problems: Partial<Record<keyof Values, string>> = {};
    const num = (k: (typeof NUMBER_FIELDS)[number]) => {
      const t = v[k].trim().replace(/,/g, '');
      if (!t) return null;
      if (!/^\d+$/.test(t)) {
        problems[k] = 'Enter a whole number.';
        return null;
      }
      return Number(t);
    };
    const price = v.maxPrice.trim() ? parseDollarAmount(v.maxPrice) : null;
    if (v.maxPrice.trim() && price === null) problems.maxPrice = 'Enter a whole dollar amount, like 48,500';
    const body = {
      make: v.make,
      modelWords: v.modelWords,
      yearMin: num('yearMin'),
      yearMax: num('yearMax'),
      maxHours: num('maxHours'),
      maxPriceCents: price,
      maxDistanceMiles: num('maxDistanceMiles'),
      states: v.states
        .split(/[\s,]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
      notes: v.notes,
    };
    const parsed = wantListFormSchema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = FIELD_OF[String(issue.path[0])] ?? (String(issue.path[0]) as keyof Values);
        problems[key] ??= issue.message;
      }
    const first = Object.keys(problems)[0] as keyof Values | undefined;
    if (first) {
      for (const [k, message] of Object.entries(problems))
        form.setError(k as FieldPath<Values>, { message }, { shouldFocus: k === first });
      return;
    }
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body: parsed.data as WantListForm });
      toast.success(editing ? 'Want-list updated' : 'Want-list saved');
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        for (const [k, message] of Object.entries(err.fields))
          form.setError((FIELD_OF[k.split('.')[0]] ?? k.split('.')[0]) as FieldPath<Values>, { message });
      } else toast.error(err instanceof Error ? err.message : 'Could not save the want-list');
    }
  });

  const field = (
    name: keyof Values,
    label: string,
    props: React.ComponentProps<typeof Input> = {},
    hint?: string,
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined}
        {...props}
        {...form.register(name)}
      />
      {hint && !errors[name] && (
        <p id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-${name}-error`} message={errors[name]?.message} />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit want-list' : 'New want-list'}</DialogTitle>
          <DialogDescription>
            We tell you when a matching tractor goes live, and when a farmer offers one to FieldLot.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          {field('make', 'Make', { placeholder: 'John Deere', autoComplete: 'off' })}
          {field('modelWords', 'Model words', { placeholder: '6145R' }, 'Every word must be in the model.')}
          <div className="grid grid-cols-2 gap-3">
            {field('yearMin', 'Year from', { inputMode: 'numeric' })}
            {field('yearMax', 'Year to', { inputMode: 'numeric' })}
          </div>
          <div className="grid grid-cols-2 gap-3">
            {field('maxHours', 'Max hours', { inputMode: 'numeric' })}
            {field('maxPrice', 'Max price ($)', { inputMode: 'numeric', placeholder: '60,000' })}
          </div>
          <div className="grid grid-cols-2 gap-3">
            {field('maxDistanceMiles', 'Miles from my yard', { inputMode: 'numeric' })}
            {field('states', 'Or states', { placeholder: 'IA, MN' })}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea id={`${id}-notes`} rows={3} {...form.register('notes')} />
            <FieldError id={`${id}-notes-error`} message={errors.notes?.message} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save want-list'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
