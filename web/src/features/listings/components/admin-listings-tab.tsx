import { shownCondition } from '@domain/condition-grades';
import { STAGE_LABEL, STAGE_TONE } from '@domain/dealer-listings';
import { LISTING_STATUSES, tractorName } from '@domain/listings';
import { ArchiveRestore, Pencil, Plus, Power, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useSite } from '@/features/site';
import { ApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatDate, formatDollarsCents, formatHours, plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  type AdminListingRow,
  type ListingBody,
  useAdminListings,
  useFarmerYard,
  useListingMutations,
} from '../api/admin-listings';
import { useListing } from '../api/listings';
import { ConditionBadge } from './condition-badge';
import { ImageManager } from './image-manager';
import { ListingForm } from './listing-form';
import { ReviewActions } from './review-actions';

const STATUS_TONE: Record<string, Tone> = { active: 'green', inactive: 'grey', sold: 'blue' };
const statusLabel = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * What Delete will do, said before it happens (listings.md#archive-instead-of-delete: a listing with offers
 * is archived, never deleted).
 */
function deleteText(row: AdminListingRow): { description: string; confirmLabel: string } {
  if (row.offerCount > 0)
    return {
      description: `This listing has ${plural(row.offerCount, 'offer')}; it will be archived, and its offer history kept. It leaves the inventory; the Archived filter shows it, with Restore.`,
      confirmLabel: 'Archive',
    };
  if (row.status === 'sold')
    return {
      description:
        'This tractor is sold; it will be archived and kept as the record of the sale. The Archived filter shows it, with Restore.',
      confirmLabel: 'Archive',
    };
  return {
    description: 'Are you sure you want to delete this listing? This action cannot be undone.',
    confirmLabel: 'Delete',
  };
}

type Editing =
  | { mode: 'add' }
  | { mode: 'photos'; id: string }
  | { mode: 'edit'; id: string; fieldErrors?: Record<string, string> }
  | null;

/** docs/product/listings.md#listing-management: every listing with its owner, add, edit, activate/deactivate, delete, photos. */
export function AdminListingsTab() {
  const site = useSite();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const query = useAdminListings({ q: q || undefined, status: status || undefined });
  const m = useListingMutations();

  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (query.isError && !query.data) toast.error('Failed to load listings');
  }, [query.isError, query.data]);

  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;
  const inReview = query.data?.pages[0]?.inReview ?? 0;

  const toggle = (row: AdminListingRow) => {
    const next = row.status === 'active' ? 'inactive' : 'active';
    m.setStatus.mutate(
      { id: row.id, status: next },
      {
        onSuccess: () =>
          toast.success(
            next === 'active' ? 'Listing activated successfully' : 'Listing deactivated successfully',
          ),
        // The server's reason, never a bare failure: fields it lacks open the form with each message under its
        // field (docs/product/listings.md#listing-management); anything else is its message.
        onError: (e) => {
          toast.error(e instanceof ApiError ? e.message : 'Failed to update listing');
          const fieldErrors = serverFieldErrors(e);
          if (fieldErrors) setEditing({ mode: 'edit', id: row.id, fieldErrors });
        },
      },
    );
  };
  const remove = (row: AdminListingRow) =>
    m.remove.mutate(row.id, {
      onSuccess: (r) => toast.success(r.message),
      onError: (e) =>
        toast.error(e instanceof ApiError && e.status === 409 ? e.message : 'Failed to delete listing'),
    });
  const restore = (row: AdminListingRow) =>
    m.restore.mutate(row.id, {
      onSuccess: () => toast.success('Listing restored. Activate it to show it in the inventory again.'),
      onError: () => toast.error('Failed to restore listing'),
    });
  const addSamples = () =>
    m.samples.mutate(undefined, {
      onSuccess: (r) => toast.success(r.message),
      onError: (e) =>
        toast.error(
          e instanceof ApiError && e.status === 409 ? e.message : `Failed to add test listings: ${e.message}`,
        ),
    });

  const actions = (row: AdminListingRow) => {
    const soldNote = `sold-note-${row.id}`;
    const del = deleteText(row);
    return (
      <div className="flex flex-wrap gap-1.5 md:max-w-72">
        {row.reviewStatus === 'in_review' && <ReviewActions row={row} />}
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditing({ mode: 'edit', id: row.id })}
          aria-label={`Edit ${row.make} ${row.model}`}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
        {row.archivedAt ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => restore(row)}
            disabled={m.restore.isPending}
            aria-label={`Restore ${row.make} ${row.model}`}
          >
            <ArchiveRestore aria-hidden="true" /> Restore
          </Button>
        ) : (
          <>
            {row.status === 'sold' ? (
              <Button size="sm" variant="outline" disabled aria-describedby={soldNote}>
                <Power aria-hidden="true" /> Deactivate
              </Button>
            ) : row.reviewStatus && row.reviewStatus !== 'approved' ? null : (
              // A dealer's listing goes live through review (Approve), not this switch.
              <Button size="sm" variant="outline" onClick={() => toggle(row)}>
                <Power aria-hidden="true" /> {row.status === 'active' ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            <ConfirmDialog
              title="Delete listing"
              description={del.description}
              confirmLabel={del.confirmLabel}
              onConfirm={() => remove(row)}
              trigger={
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive"
                  aria-label={`Delete ${row.make} ${row.model}`}
                >
                  <Trash2 aria-hidden="true" /> Delete
                </Button>
              }
            />
          </>
        )}
        {row.status === 'sold' && !row.archivedAt && (
          <p id={soldNote} className="w-full text-xs text-muted-foreground">
            Sold: it stays sold and keeps its price; Delete archives it.
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="grid flex-1 gap-3 sm:grid-cols-[1fr_12rem] md:max-w-xl">
          <div className="space-y-1.5">
            <Label htmlFor="admin-listings-q">Search listings</Label>
            <Input
              id="admin-listings-q"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Make, model, location..."
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="admin-listings-status">Status</Label>
            <NativeSelect
              id="admin-listings-status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              <option value="">All statuses</option>
              {LISTING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
              {/* Archived listings show only here (listings.md#archive-instead-of-delete). */}
              <option value="archived">Archived</option>
              <option value="in_review">In review ({inReview})</option>
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Dealers' listings waiting for FieldLot's review: one click to the list, with the count. */}
          <Button
            variant={status === 'in_review' ? 'default' : 'outline'}
            aria-pressed={status === 'in_review'}
            onClick={() => setStatus(status === 'in_review' ? '' : 'in_review')}
          >
            In review ({inReview})
          </Button>
          {site.demo && (
            <Button variant="outline" onClick={addSamples} disabled={m.samples.isPending}>
              <Sparkles aria-hidden="true" /> {m.samples.isPending ? 'Adding...' : 'Add 10 Test Listings'}
            </Button>
          )}
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden="true" /> Add Listing
          </Button>
        </div>
      </div>

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === undefined ? '' : plural(total, 'listing')}
      </p>

      {query.isPending ? (
        <div className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <ErrorState message="Failed to load listings" onRetry={() => query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No listings"
          description={
            q || status ? 'Nothing matches this search.' : 'Add the first listing to fill the inventory.'
          }
        />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Listings">
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-col gap-3 p-3 md:flex-row md:items-center"
              data-testid="admin-listing"
            >
              <div className="flex min-w-0 flex-1 items-center gap-3">
                {row.image ? (
                  <img
                    src={row.image.srcSet.split(' ')[0]}
                    alt=""
                    width={96}
                    height={72}
                    className="h-[72px] w-24 shrink-0 rounded object-cover"
                    loading="lazy"
                  />
                ) : (
                  <div className="h-[72px] w-24 shrink-0 rounded bg-muted" aria-hidden="true" />
                )}
                <div className="min-w-0">
                  <p className="font-semibold">{tractorName(row)}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatDollarsCents(row.priceCents)} · {formatHours(row.hours)} · {row.location} ·{' '}
                    {plural(row.imageCount, 'photo')} · {plural(row.offerCount, 'offer')} ·{' '}
                    {plural(row.watchCount, 'watcher')}
                  </p>
                  <p className="truncate text-sm">
                    {row.seller && <span className="font-medium">Sold by {row.seller.companyName} · </span>}
                    {row.owner.name} <span className="text-muted-foreground">&lt;{row.owner.email}&gt;</span>
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2 md:w-56">
                <Badge tone={STATUS_TONE[row.status]}>{statusLabel(row.status)}</Badge>
                {row.reviewStatus && row.reviewStatus !== 'approved' && (
                  <Badge tone={STAGE_TONE[row.reviewStatus]}>{STAGE_LABEL[row.reviewStatus]}</Badge>
                )}
                {row.archivedAt && <Badge tone="grey">Archived</Badge>}
                <ConditionBadge condition={shownCondition(row.grade, row.condition)} />
                <span className="text-xs text-muted-foreground">Added {formatDate(row.createdAt)}</span>
              </div>
              {actions(row)}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-w-3xl">
          {editing?.mode === 'add' && <AddListing onCreated={(id) => setEditing({ mode: 'photos', id })} />}
          {editing?.mode === 'photos' && (
            <>
              <DialogHeader>
                <DialogTitle>Add photos</DialogTitle>
                <DialogDescription>
                  The listing is saved. Add its photos now or later with Edit.
                </DialogDescription>
              </DialogHeader>
              <ImageManager listingId={editing.id} />
              <div className="flex justify-end">
                <Button onClick={() => setEditing(null)}>Done</Button>
              </div>
            </>
          )}
          {editing?.mode === 'edit' && (
            <EditListing id={editing.id} fieldErrors={editing.fieldErrors} onDone={() => setEditing(null)} />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Server field errors go back onto the form; anything else becomes the spec's toast. */
const fieldsOf = serverFieldErrors;

function AddListing({ onCreated }: { onCreated: (id: string) => void }) {
  const m = useListingMutations();
  const submit = async (body: ListingBody) => {
    try {
      const { id } = await m.create.mutateAsync(body);
      toast.success('Listing created successfully!');
      onCreated(id);
    } catch (err) {
      const fields = fieldsOf(err);
      if (fields) return fields;
      const e = err as ApiError;
      // The server's own texts: not signed in, no profile, not approved; anything else is a failure.
      toast.error([401, 403, 404].includes(e.status) ? e.message : `Failed to create listing: ${e.message}`);
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add Listing</DialogTitle>
        <DialogDescription>Listed at once as active. Photos come next.</DialogDescription>
      </DialogHeader>
      <ListingForm submitLabel="Create Listing" onSubmit={submit} />
    </>
  );
}

function EditListing({
  id,
  fieldErrors,
  onDone,
}: {
  id: string;
  fieldErrors?: Record<string, string>;
  onDone: () => void;
}) {
  const query = useListing(id);
  const yard = useFarmerYard(id);
  const m = useListingMutations();
  const submit = async (body: ListingBody) => {
    try {
      await m.update.mutateAsync({ id, body });
      toast.success('Listing updated successfully');
      onDone();
    } catch (err) {
      const fields = fieldsOf(err);
      if (fields) return fields;
      toast.error(err instanceof ApiError ? err.message : 'Failed to update listing');
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit Listing</DialogTitle>
        <DialogDescription>Changes show in the inventory as soon as you save.</DialogDescription>
      </DialogHeader>
      {query.isPending ? (
        <Skeleton className="h-96" />
      ) : query.isError ? (
        <ErrorState message="Failed to load tractor details" onRetry={() => query.refetch()} />
      ) : (
        <>
          <ImageManager listingId={id} />
          <ListingForm
            listing={query.data}
            submitLabel="Save Changes"
            onSubmit={submit}
            fieldErrors={fieldErrors}
            farmerYard={yard.data}
          />
        </>
      )}
    </>
  );
}
