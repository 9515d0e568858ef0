import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { MyListingsPage } from '@/features/listings/components/my-listings-page';
import { PageTitle } from '@/features/site';

// The editor (the listing form, its validation, the photo manager) loads when a dealer opens it, not with the
// list (decision 0056).
const MyListingEditor = lazy(() =>
  import('@/features/listings/components/my-listing-editor').then((m) => ({ default: m.MyListingEditor })),
);

/** `/my-listings` (the list), `/my-listings/new` and `/my-listings/:id` (the editor): one lazy route. */
export function Component() {
  const { id } = useParams();
  if (!id)
    return (
      <>
        <PageTitle title="My Listings" />
        <MyListingsPage />
      </>
    );
  return (
    <Suspense fallback={<LoadingState text="Loading..." />}>
      <PageTitle title={id === 'new' ? 'List a Tractor' : 'Edit Listing'} />
      <MyListingEditor id={id === 'new' ? undefined : id} />
    </Suspense>
  );
}
