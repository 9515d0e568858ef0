import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  createSavedSearchSchema,
  filtersToQuery,
  hasFilters,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_TEXT,
  watchState,
} from './dealer-tools.js';
import { filtersFromUrl } from './listing-search.js';

describe('dealer tools rules', () => {
  it('a watched tractor is sold, unavailable, price changed or live', () => {
    expect(watchState('sold', 100, 200)).toBe('sold');
    expect(watchState('inactive', 100, 100)).toBe('unavailable');
    expect(watchState('active', 90, 100)).toBe('price_changed');
    expect(watchState('active', 100, 100)).toBe('live');
  });

  it('filters that narrow the search: sort, empty values and "All" brands do not count', () => {
    expect(hasFilters({ sort: 'price_asc' })).toBe(false);
    expect(hasFilters({ brand: 'All', condition: [] })).toBe(false);
    expect(activeFilters({ brand: 'Kubota', q: '', sort: 'newest' })).toEqual({ brand: 'Kubota' });
  });

  it('the inventory URL of saved filters reads back to the same filters (prices in dollars there)', () => {
    const filters = {
      q: 'loader & cab',
      brand: 'John Deere',
      yearMin: 2015,
      hoursMax: 4000,
      condition: ['Good', 'Excellent'],
      state: 'Iowa',
      gradeMin: 4,
      priceMax: 120_000_00,
      sort: 'price_asc' as const,
    };
    const query = filtersToQuery(filters);
    expect(query).toBe(
      'q=loader%20%26%20cab&brand=John%20Deere&yearMin=2015&hoursMax=4000&condition=Good%2CExcellent&state=Iowa&gradeMin=4&priceMax=120000&sort=price_asc',
    );
    const { sort, ...rest } = filters;
    expect(filtersFromUrl(new URLSearchParams(query))).toEqual({ ...rest, sort });
  });

  it('validates the name and refuses an alert on a search with no filters', () => {
    const ok = {
      name: ' Deere 6R under 4,000 hrs in Iowa ',
      filters: { brand: 'John Deere' },
      alert: 'instant',
    };
    expect(createSavedSearchSchema.parse(ok).name).toBe('Deere 6R under 4,000 hrs in Iowa');
    const issue = (v: unknown) => createSavedSearchSchema.safeParse(v).error?.issues[0]?.message;
    expect(issue({ ...ok, name: '' })).toBe(SAVED_SEARCH_TEXT.nameRequired);
    expect(issue({ ...ok, name: 'x'.repeat(SAVED_SEARCH_NAME_MAX + 1) })).toBe(SAVED_SEARCH_TEXT.nameTooLong);
    expect(issue({ ...ok, filters: {}, alert: 'daily' })).toBe(SAVED_SEARCH_TEXT.alertNeedsFilters);
    expect(issue({ ...ok, filters: {}, alert: 'off' })).toBeUndefined();
  });
});
