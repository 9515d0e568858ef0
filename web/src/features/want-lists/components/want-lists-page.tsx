import { formatDollars } from '@domain/money';
import { type WantList, wantListSummary } from '@domain/want-lists';
import { ListChecks, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import '../api/live';
import { formatCount } from '@domain/numbers';
import { useDeleteWantList, useWantLists, useWantListToSavedSearch } from '../api/want-lists';
import { WantListFormDialog } from './want-list-form';

/** "Up to $60,000 · within 150 mi or in IA, MN" */
function terms(w: WantList): string {
  const parts: string[] = [];
  if (w.maxPriceCents !== null) parts.push(`Up to ${formatDollars(w.maxPriceCents)}`);
  const where = [
    w.maxDistanceMiles !== null ? `within ${formatCount(w.maxDistanceMiles)} mi of your yard` : null,
    w.states.length ? `in ${w.states.join(', ')}` : null,
  ].filter(Boolean);
  if (where.length) parts.push(where.join(' or '));
  return parts.length ? parts.join(' · ') : 'Any price, anywhere';
}

function WantListRow({ w, canEdit, onEdit }: { w: WantList; canEdit: boolean; onEdit: () => void }) {
  const remove = useDeleteWantList();
  const toSearch = useWantListToSavedSearch();
  const name = wantListSummary(w);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 md:flex-row md:items-center">
      <div className="min-w-0 flex-1 space-y-1">
        <h2 className="text-lg font-bold break-words">{name}</h2>
        <p className="text-sm">{terms(w)}</p>
        {w.notes && <p className="text-sm text-muted-foreground break-words">{w.notes}</p>}
        <p className="text-xs text-muted-foreground">Added by {w.createdByName}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={toSearch.isPending}
          onClick={async () => {
            try {
              await toSearch.mutateAsync(w.id);
              toast.success('Saved search created from the want-list');
            } catch (err) {
              toast.error(err instanceof Error ? err.message : 'Could not save the search');
            }
          }}
        >
          <Search aria-hidden="true" /> Turn into a saved search
        </Button>
        {canEdit && (
          <>
            <Button variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" aria-label={`Delete ${name}`}>
                  <Trash2 aria-hidden="true" />
                </Button>
              }
              title="Delete this want-list?"
              description={`"${name}" stops matching new tractors. Answers you gave farmers' tractors are kept.`}
              confirmLabel="Delete want-list"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(w.id);
                  toast.success('Want-list deleted');
                } catch (err) {
                  toast.error(err instanceof Error ? err.message : 'Could not delete the want-list');
                }
              }}
            />
          </>
        )}
      </div>
    </li>
  );
}

/** docs/product/want-lists.md: the dealership's want-lists; owners and buyers change them. */
export function WantListsPage() {
  const { isApproved, isLoading } = useSession();
  useLiveEvents(isApproved);
  const query = useWantLists();
  const [editing, setEditing] = useState<WantList | null>(null);
  const [open, setOpen] = useState(false);
  const canEdit = query.data?.canEdit ?? false;
  const openForm = (w: WantList | null) => {
    setEditing(w);
    setOpen(true);
  };
  return (
    <Page className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Want-Lists</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/want-lists/matches">Farmers' tractors</Link>
          </Button>
          {canEdit && (
            <Button onClick={() => openForm(null)}>
              <Plus aria-hidden="true" /> New want-list
            </Button>
          )}
        </div>
      </div>
      <p className="text-muted-foreground">
        Say what you would buy. We alert you when a matching tractor goes live, and when a farmer offers one
        to FieldLot you can say what you would pay before anyone else sees it.
      </p>
      {isLoading || query.isPending ? (
        <LoadingState text="Loading your want-lists..." />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<ListChecks className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No want-lists yet"
          description="Add the make, model and limits of a tractor you would buy."
          action={
            canEdit ? (
              <Button onClick={() => openForm(null)}>
                <Plus aria-hidden="true" /> New want-list
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="Want-lists">
          {query.data.items.map((w) => (
            <WantListRow key={w.id} w={w} canEdit={canEdit} onEdit={() => openForm(w)} />
          ))}
        </ul>
      )}
      <WantListFormDialog open={open} onOpenChange={setOpen} editing={editing} />
    </Page>
  );
}
