import { Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { MoreFilters, useListingFilters } from '@/features/listings';

/**
 * The run list's filters (docs/product/timed-sale.md#the-run-list): the inventory's own, kept in the address as
 * there (search, brand, and its "More Filters": year, hours, price, state, grade). Prices filter the current bid,
 * for dealers only.
 */
export function RunListFilters({ brands, showPrice }: { brands: string[]; showPrice: boolean }) {
  const id = useId();
  const { filters, params, setFilters, moreFiltersCount } = useListingFilters();
  const [open, setOpen] = useState(moreFiltersCount > 0);
  const [text, setText] = useState(filters.q ?? '');
  // Back/forward and Clear: the box shows what the address says, unless the address says what was typed here.
  const searched = useRef(filters.q ?? '');
  useEffect(() => {
    const q = filters.q ?? '';
    if (q === searched.current) return;
    searched.current = q;
    setText(q);
  }, [filters.q]);
  const search = (q: string, replace = false) => {
    searched.current = q;
    setFilters({ q }, { replace });
  };
  // Typing settles for a moment before it filters, as in the inventory.
  // biome-ignore lint/correctness/useExhaustiveDependencies: search only reads the setter
  useEffect(() => {
    if (text.trim() === (filters.q ?? '')) return;
    const timer = setTimeout(() => search(text.trim(), Boolean(filters.q)), 350);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 md:flex-row">
        <search className="flex-1">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              search(text.trim());
            }}
          >
            <Label htmlFor={`${id}-q`} className="sr-only">
              Search the lots
            </Label>
            <div className="relative">
              <Search
                className="absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={`${id}-q`}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Search by make, model, location, or description..."
                className="pl-10"
                maxLength={100}
              />
            </div>
          </form>
        </search>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <div className="sm:w-48">
            <Label htmlFor={`${id}-brand`} className="sr-only">
              Brand
            </Label>
            <NativeSelect
              id={`${id}-brand`}
              value={filters.brand ?? 'all'}
              onChange={(e) => setFilters({ brand: e.target.value })}
            >
              <option value="all">All Brands</option>
              {brands.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            variant="outline"
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
        <MoreFilters id={`${id}-more`} params={params} showPrice={showPrice} onApply={(c) => setFilters(c)} />
      )}
    </div>
  );
}
