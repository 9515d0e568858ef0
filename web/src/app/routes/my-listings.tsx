import { useParams } from 'react-router';
import { MyListingEditor } from '@/features/listings/components/my-listing-editor';
import { MyListingsPage } from '@/features/listings/components/my-listings-page';

/** `/my-listings` (the list), `/my-listings/new` and `/my-listings/:id` (the editor): one lazy route. */
export function Component() {
  const { id } = useParams();
  if (!id) return <MyListingsPage />;
  return <MyListingEditor id={id === 'new' ? undefined : id} />;
}
