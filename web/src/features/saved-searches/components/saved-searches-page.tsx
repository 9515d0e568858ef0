import {
  ALERT_LABEL,
  hasFilters,
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_TEXT,
  type SavedSearch,
  type SavedSearchAlert,
} from '@domain/dealer-tools';
import { tractorCountText } from '@domain/listing-search';
import { Bookmark, ListChecks, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Label, NativeSelect } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { useWantListFromSavedSearch } from '@/features/want-lists';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import '@/features/watchlist';
import { formatCount } from '@domain/numbers';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches';

/** A short line of the filters ("John Deere · up to 4,000 hrs · Iowa"). */
function describe(s: SavedSearch): string {
  const f = s.filters;
  const parts: string[] = [];
  if (f.q) parts.push(`"${f.q}"`);
  if (f.brand) parts.push(f.brand);
  if (f.yearMin || f.yearMax) parts.push(`${f.yearMin ?? 'any'}–${f.yearMax ?? 'any'}`);
  if (f.hoursMax !== undefined) parts.push(`up to ${formatCount(f.hoursMax)} hrs`);
  if (f.condition?.length) parts.push(f.condition.join(', '));
  if (f.state) parts.push(f.state);
  if (f.gradeMin) parts.push(`grade ${f.gradeMin.toFixed(1)}+`);
  if (f.priceMin !== undefined) parts.push(`from $${formatCount(f.priceMin / 100)}`);
  if (f.priceMax !== undefined) parts.push(`up to $${formatCount(f.priceMax / 100)}`);
  return parts.length ? parts.join(' · ') : 'All tractors';
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const id = useId();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const toWantList = useWantListFromSavedSearch();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const filtered = hasFilters(search.filters);
  const setAlert = (alert: SavedSearchAlert) =>
    update.mutate(
      { id: search.id, alert },
      {
        onSuccess: () => toast.success(`Alerts: ${ALERT_LABEL[alert]}`),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 md:flex-row md:items-center">
      <div className="flex-1 space-y-1">
        <h2 className="text-lg font-bold">{search.name}</h2>
        <p className="text-sm text-muted-foreground">{describe(search)}</p>
        <p className="text-sm font-semibold">
          {tractorCountText(search.matchCount, search.matchCountCapped)} match now
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-alert`} className="text-xs">
            Alerts
          </Label>
          <NativeSelect
            id={`${id}-alert`}
            value={search.alert}
            disabled={update.isPending}
            onChange={(e) => setAlert(e.target.value as SavedSearchAlert)}
            className="w-48"
          >
            {SAVED_SEARCH_ALERTS.map((a) => (
              <option key={a} value={a} disabled={a !== 'off' && !filtered}>
                {ALERT_LABEL[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button asChild>
          <Link
            to={`/browse-listings${search.query ? `?${search.query}` : ''}`}
            aria-label={`Open ${search.name}`}
          >
            <Search aria-hidden="true" /> Open
          </Link>
        </Button>
        <Button
          variant="outline"
          disabled={toWantList.isPending}
          onClick={async () => {
            // docs/product/want-lists.md#saved-searches: the brand becomes the make, the words the model words.
            try {
              await toWantList.mutateAsync(search.id);
              toast.success('Want-list created from the saved search', {
                action: { label: 'Open', onClick: () => navigate('/want-lists') },
              });
            } catch (err) {
              toast.error(err instanceof Error ? err.message : 'Could not create the want-list');
            }
          }}
        >
          <ListChecks aria-hidden="true" /> Save as want-list
        </Button>
        {confirming ? (
          <>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(search.id, {
                  onSuccess: () => toast.success('Saved search deleted'),
                  onError: (err) => toast.error(err.message),
                })
              }
            >
              Delete "{search.name}"
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button variant="outline" aria-label={`Delete ${search.name}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** docs/product/dealer-tools.md#saved-searches: the dealer's searches, their matches now, one click to open. */
export function SavedSearchesPage() {
  const { isApproved, isLoading } = useSession();
  useLiveEvents(isApproved);
  const query = useSavedSearches();
  return (
    <Page className="space-y-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Saved Searches</h1>
      {isLoading || query.isPending ? (
        <LoadingState text="Loading your saved searches..." />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<Bookmark className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No saved searches"
          description={SAVED_SEARCH_TEXT.empty}
          action={
            <Button asChild>
              <Link to="/browse-listings">Browse Listings</Link>
            </Button>
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="Saved searches">
          {query.data.items.map((s) => (
            <SavedSearchRow key={s.id} search={s} />
          ))}
        </ul>
      )}
    </Page>
  );
}
