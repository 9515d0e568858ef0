import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListingFilters } from './listings';

/** URL keys this feature owns; other keys (e.g. the admin's `view`) are left alone. */
const KEYS = [
  'q',
  'brand',
  'yearMin',
  'yearMax',
  'hoursMax',
  'priceMin',
  'priceMax',
  'condition',
  'state',
  'gradeMin',
  'sort',
];

const int = (v: string | null) => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/**
 * Search, filters and sort live in the URL so a view can be shared and the back button works.
 * Prices are whole dollars in the URL and cents on the wire.
 */
export function useListingFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<ListingFilters>(() => {
    const dollars = (k: string) => {
      const n = int(params.get(k));
      return n === undefined ? undefined : n * 100;
    };
    const condition = params.get('condition')?.split(',').filter(Boolean);
    return {
      q: params.get('q')?.trim() || undefined,
      brand: params.get('brand') || undefined,
      yearMin: int(params.get('yearMin')),
      yearMax: int(params.get('yearMax')),
      hoursMax: int(params.get('hoursMax')),
      priceMin: dollars('priceMin'),
      priceMax: dollars('priceMax'),
      condition: condition?.length ? condition : undefined,
      state: params.get('state') || undefined,
      gradeMin: Number(params.get('gradeMin')) || undefined,
      sort: params.get('sort') || undefined,
    };
  }, [params]);

  /** Values in URL form (prices in dollars); empty strings remove the key. */
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>, opts: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '' || v === 'all') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: opts.replace ?? false },
      ),
    [setParams],
  );

  const clearFilters = useCallback(
    () => setFilters(Object.fromEntries(KEYS.filter((k) => k !== 'sort').map((k) => [k, undefined]))),
    [setFilters],
  );

  const active =
    Boolean(filters.q || filters.brand || filters.state || filters.condition || filters.gradeMin) ||
    [filters.yearMin, filters.yearMax, filters.hoursMax, filters.priceMin, filters.priceMax].some(
      (v) => v !== undefined,
    );
  const moreFiltersCount = [
    filters.yearMin,
    filters.yearMax,
    filters.hoursMax,
    filters.priceMin,
    filters.priceMax,
    filters.condition,
    filters.state,
    filters.gradeMin,
  ].filter((v) => v !== undefined).length;

  return { filters, params, setFilters, clearFilters, active, moreFiltersCount };
}
