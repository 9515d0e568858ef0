import { gradeFilterForConditions } from '@domain/condition-grades';
import { filtersFromUrl, type ListingFilters, listingFilterFields } from '@domain/listing-search';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** URL keys this feature owns; other keys (e.g. the admin's `view`) are left alone. */
const KEYS = Object.keys(listingFilterFields);

/**
 * Search, filters and sort live in the URL so a view can be shared and the back button works.
 * Prices are whole dollars in the URL and cents on the wire; the URL is read with the API's own filter rules.
 */
export function useListingFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<ListingFilters>(() => withoutOldCondition(filtersFromUrl(params)), [params]);

  // The router hands each change the address it last rendered: two changes before it has rendered the first
  // (a brand and a sort chosen before the page was ready, handed over one after the other) would each start from
  // the old address and the second would undo the first. Until it catches up, a change starts from the last one.
  const pending = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address from the router is the signal itself
  useEffect(() => {
    pending.current = null;
  }, [params]);

  /** Values in URL form (prices in dollars); empty strings remove the key. */
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>, opts: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(pending.current ?? prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '' || v === 'all') next.delete(k);
            else next.set(k, v);
          }
          pending.current = next;
          return next;
        },
        { replace: opts.replace ?? false },
      ),
    [setParams],
  );

  // An old link's `?condition=` becomes the "Grade at least" it is read as, in the address bar too.
  useEffect(() => {
    if (!params.has('condition')) return;
    setFilters(
      {
        condition: undefined,
        gradeMin: filters.gradeMin === undefined ? undefined : String(filters.gradeMin),
      },
      { replace: true },
    );
  }, [params, filters.gradeMin, setFilters]);

  const clearFilters = useCallback(
    () => setFilters(Object.fromEntries(KEYS.filter((k) => k !== 'sort').map((k) => [k, undefined]))),
    [setFilters],
  );

  const active =
    Boolean(filters.q || filters.brand || filters.state || filters.gradeMin) ||
    [filters.yearMin, filters.yearMax, filters.hoursMax, filters.priceMin, filters.priceMax].some(
      (v) => v !== undefined,
    );
  const moreFiltersCount = [
    filters.yearMin,
    filters.yearMax,
    filters.hoursMax,
    filters.priceMin,
    filters.priceMax,
    filters.state,
    filters.gradeMin,
  ].filter((v) => v !== undefined).length;

  return { filters, params, setFilters, clearFilters, active, moreFiltersCount };
}

/**
 * The retired Condition filter as the one scale's "Grade at least" (docs/decisions/0052-old-condition-links.md):
 * the higher of the link's grade and the old words' choice; the words themselves are dropped.
 */
function withoutOldCondition({ condition, ...filters }: ListingFilters): ListingFilters {
  const fromWords = gradeFilterForConditions(condition);
  if (fromWords === undefined) return filters;
  return { ...filters, gradeMin: Math.max(filters.gradeMin ?? 0, fromWords) };
}
