import type { ListingFilters } from '@domain/listing-search';
import { BookmarkPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The form (react-hook-form, zod, the dialog) loads when the dealer first opens it, not with the inventory
// (decision 0056).
const SaveSearchForm = lazy(() => import('./save-search-form').then((m) => ({ default: m.SaveSearchForm })));

/** docs/product/dealer-tools.md#saved-searches: "Save this search" on the inventory page. */
export function SaveSearchDialog({ filters }: { filters: ListingFilters }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <BookmarkPlus aria-hidden="true" />
        Save this search
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SaveSearchForm filters={filters} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
