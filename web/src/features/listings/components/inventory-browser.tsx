import { LISTING_BRANDS } from '@domain/brands';
import { tractorCountText } from '@domain/listing-search';
import { firstLookLeftText } from '@domain/want-lists';
import { Search, SlidersHorizontal, Tractor } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useNow } from '@/lib/now';
import { useFirstLookCards, useInventory } from '../api/listings';
import { useListingFilters } from '../api/use-listing-filters';
import { RecentlyViewedRow, SaveSearch } from './dealer-tools';
import { GRID, ListingCard, ListingCardSkeleton } from './listing-card';
import { MoreFilters } from './more-filters';

const SORTS: [string, string][] = [
  ['newest', 'Newest first'],
  ['price_asc', 'Price: low to high'],
  ['price_desc', 'Price: high to low'],
  ['year_desc', 'Year: newest'],
  ['year_asc', 'Year: oldest'],
  ['hours_asc', 'Hours: lowest'],
  ['hours_desc', 'Hours: highest'],
  ['grade_desc', 'Grade: best first'],
];

/**
 * A select's choice, shown at once: the address changes at once, but the router renders the new address as a
 * transition, which on a slow phone takes seconds; meanwhile the select would show the old address's value again.
 * The choice holds until the address the page shows moves (docs/product/listings.md#search-before-the-page-is-ready).
 */
function useShownChoice(fromUrl: string): [string, (value: string) => void] {
  const [chosen, setChosen] = useState<{ value: string; over: string } | null>(null);
  const shown = chosen && chosen.over === fromUrl ? chosen.value : fromUrl;
  return [shown, (value) => setChosen({ value, over: fromUrl })];
}

/** Search box, brand filter, More Filters, sort, the count and the card grid, all driven by the URL. */
export function InventoryBrowser({
  loadingText,
  scope = 'dealer',
}: {
  loadingText: string;
  scope?: 'dealer' | 'public';
}) {
  const id = useId();
  const { pathname } = useLocation();
  const { filters, params, setFilters, clearFilters, active, moreFiltersCount } = useListingFilters();
  const query = useInventory(filters, scope);
  const [text, setText] = useState(filters.q ?? '');
  const [open, setOpen] = useState(moreFiltersCount > 0);
  // The box is the browser's own (uncontrolled): text typed before the script took the page over stays in it
  // through hydration, and reaches `text` when the early-taps script replays its input (decision 0064).
  const box = useRef<HTMLInputElement>(null);
  const typed = useRef(filters.q ?? '');
  const shownQ = useRef(filters.q ?? '');

  // Taken over with text the dealer typed meanwhile (the early-taps replay may come before or after this, or not
  // at all on a very slow phone): that text is searched for, once (docs/product/listings.md#search-before-the-page-is-ready).
  useEffect(() => {
    const value = box.current?.value ?? '';
    if (value.trim() === shownQ.current || value === typed.current) return;
    typed.current = value;
    setText(value);
  }, []);
  // Back/forward and Clear: the box shows what the URL says, unless the URL already says what was typed. Only a
  // change of the URL counts: on mounting, the box keeps what it holds (decision 0079).
  useEffect(() => {
    const q = filters.q ?? '';
    if (shownQ.current === q) return;
    shownQ.current = q;
    if (typed.current.trim() === q) return;
    typed.current = q;
    setText(q);
    if (box.current) box.current.value = q;
  }, [filters.q]);
  // Typing settles for a moment before it searches; the first search adds a history entry, refinements replace it.
  useEffect(() => {
    if (text.trim() === (filters.q ?? '')) return;
    const timer = setTimeout(() => setFilters({ q: text.trim() }, { replace: Boolean(filters.q) }), 350);
    return () => clearTimeout(timer);
  }, [text, filters.q, setFilters]);

  const [brand, chooseBrand] = useShownChoice(filters.brand ?? 'all');
  const [sort, chooseSort] = useShownChoice(filters.sort ?? 'newest');

  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const brands = first?.brands.length ? first.brands : [...LISTING_BRANDS];
  const sorts = scope === 'public' ? SORTS.filter(([v]) => !v.startsWith('price')) : SORTS;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        {/* A real search form: Enter before the script has taken the page over still searches (the browser asks
            the server for the page with ?q=, keeping the other filters); after, the app does it in place. */}
        <search className="flex-1">
          <form
            method="get"
            action={pathname}
            onSubmit={(e) => {
              e.preventDefault();
              setFilters({ q: (box.current?.value ?? '').trim() });
            }}
          >
            <Label htmlFor={`${id}-q`} className="sr-only">
              Search
            </Label>
            <div className="relative">
              <Search
                className="absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={`${id}-q`}
                name="q"
                type="search"
                ref={box}
                defaultValue={filters.q ?? ''}
                onChange={(e) => {
                  typed.current = e.target.value;
                  setText(e.target.value);
                }}
                placeholder="Search by make, model, location, or description..."
                className="pl-10"
                maxLength={100}
              />
            </div>
            {[...params].map(([key, value]) =>
              key === 'q' || key === 'cursor' ? null : (
                <input key={key} type="hidden" name={key} value={value} />
              ),
            )}
          </form>
        </search>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <div className="sm:w-48">
            <Label htmlFor={`${id}-brand`} className="sr-only">
              Brand
            </Label>
            <NativeSelect
              id={`${id}-brand`}
              value={brand}
              onChange={(e) => {
                chooseBrand(e.target.value);
                setFilters({ brand: e.target.value });
              }}
            >
              <option value="all">All Brands</option>
              {brands.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="sm:w-48">
            <Label htmlFor={`${id}-sort`} className="sr-only">
              Sort by
            </Label>
            <NativeSelect
              id={`${id}-sort`}
              value={sort}
              onChange={(e) => {
                chooseSort(e.target.value);
                setFilters({ sort: e.target.value === 'newest' ? undefined : e.target.value });
              }}
            >
              {sorts.map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            variant="outline"
            className="col-span-2"
            aria-expanded={open}
            aria-controls={`${id}-more`}
            onClick={() => setOpen(!open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            More Filters{moreFiltersCount > 0 && ` (${moreFiltersCount})`}
          </Button>
        </div>
      </div>
      {open && (
        <MoreFilters
          id={`${id}-more`}
          params={params}
          showPrice={scope === 'dealer'}
          onApply={(c) => setFilters(c)}
        />
      )}

      {scope === 'dealer' && <RecentlyViewedRow />}
      {scope === 'dealer' && <FirstLookRow filters={filters} />}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold" aria-live="polite">
          Available Inventory ({first ? tractorCountText(first.total, first.totalCapped) : '… tractors'})
        </h2>
        {scope === 'dealer' && <SaveSearch filters={filters} />}
      </div>

      {query.isPending ? (
        <>
          <LoadingState text={loadingText} />
          <div className={GRID}>
            {Array.from({ length: 6 }, (_, i) => (
              <ListingCardSkeleton key={i} />
            ))}
          </div>
        </>
      ) : query.isError && !query.data ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Tractor className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No Tractors Found"
          description={
            active
              ? 'No tractors match these filters. Try a broader search or clear the filters.'
              : 'There is no inventory right now. New tractors are added every week; check back soon.'
          }
          action={active ? <Button onClick={clearFilters}>Clear Filters</Button> : undefined}
        />
      ) : (
        <>
          <div className={GRID} aria-busy={query.isFetching}>
            {items.map((l, i) => (
              <ListingCard key={l.id} listing={l} eager={i < 3} first={i === 0} />
            ))}
          </div>
          {query.isFetchNextPageError && (
            <ErrorState
              message={query.error?.message ?? 'Failed to load'}
              onRetry={() => query.fetchNextPage()}
            />
          )}
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                size="lg"
                onClick={() => query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The farmers' tractors whose first look the dealer's dealership holds (the inventory below leaves them out while
 * the window runs), each with "First look: 2 days left" (docs/product/want-lists.md#first-look). Nothing when none.
 */
function FirstLookRow({ filters }: { filters: Parameters<typeof useFirstLookCards>[0] }) {
  const id = useId();
  const { data } = useFirstLookCards(filters, true);
  const now = useNow();
  const items = (data?.items ?? []).filter((l) => firstLookLeftText(l.firstLookEndsAt, new Date(now)));
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-first-look`} className="space-y-3">
      <h2 id={`${id}-first-look`} className="text-xl font-bold">
        Your first look
      </h2>
      <div className={GRID}>
        {items.map((l) => (
          <ListingCard key={l.id} listing={l} badge={firstLookLeftText(l.firstLookEndsAt, new Date(now))} />
        ))}
      </div>
    </section>
  );
}
