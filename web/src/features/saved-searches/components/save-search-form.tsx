import {
  ALERT_LABEL,
  hasFilters,
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_TEXT,
  type SavedSearchAlert,
  savedSearchFormSchema,
} from '@domain/dealer-tools';
import type { ListingFilters } from '@domain/listing-search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateSavedSearch } from '../api/saved-searches';

type Values = z.infer<typeof savedSearchFormSchema>;

/** The dialog of "Save this search" (save-search-dialog.tsx), loaded when it first opens (decision 0056). */
export function SaveSearchForm({
  filters,
  open,
  setOpen,
}: {
  filters: ListingFilters;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const id = useId();
  const create = useCreateSavedSearch();
  const filtered = hasFilters(filters);
  const form = useForm<Values>({
    resolver: zodResolver(savedSearchFormSchema),
    defaultValues: { name: '', alert: filtered ? 'instant' : 'off' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    // The same rule the server applies (domain): alerts need at least one filter.
    if (values.alert !== 'off' && !filtered)
      return void form.setError('alert', { message: SAVED_SEARCH_TEXT.alertNeedsFilters });
    try {
      await create.mutateAsync({ ...values, filters });
      toast.success(SAVED_SEARCH_TEXT.saved);
      setOpen(false);
      form.reset();
    } catch (err) {
      if (!(err instanceof ApiError)) return void toast.error('Could not save the search');
      // A name already used (409) belongs to the name field too.
      if (err.status === 409) form.setError('name', { message: err.message });
      else if (!applyServerErrors(form, err)) toast.error(err.message);
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save this search</DialogTitle>
          <DialogDescription>
            Find it again under Saved Searches, and choose how you hear about new or cheaper matches.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              placeholder="Deere 6R under 4,000 hrs in Iowa"
              maxLength={SAVED_SEARCH_NAME_MAX + 20}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              {...form.register('name')}
            />
            <FieldError id={`${id}-name-error`} message={errors.name?.message} />
          </div>
          <fieldset className="space-y-2" aria-describedby={errors.alert ? `${id}-alert-error` : undefined}>
            <legend className="text-sm font-semibold">Alerts</legend>
            {SAVED_SEARCH_ALERTS.map((a: SavedSearchAlert) => (
              <label
                key={a}
                className="flex min-h-11 items-center gap-3 rounded-md border border-border px-3"
              >
                <input type="radio" value={a} className="size-4" {...form.register('alert')} />
                {ALERT_LABEL[a]}
              </label>
            ))}
            {!filtered && (
              <p className="text-sm text-muted-foreground">{SAVED_SEARCH_TEXT.alertNeedsFilters}</p>
            )}
            <FieldError id={`${id}-alert-error`} message={errors.alert?.message} />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save search'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
