import { useEffect } from 'react';
import { useSession } from '@/features/auth';
import { useRecordView } from '../api/watchlist';

/** Records an approved dealer's opening of a live tractor (docs/product/dealer-tools.md#recently-viewed). */
export function ViewRecorder({ listingId, live }: { listingId: string; live: boolean }) {
  const { isApproved } = useSession();
  const { mutate } = useRecordView();
  useEffect(() => {
    if (isApproved && live) mutate(listingId);
  }, [isApproved, live, listingId, mutate]);
  return null;
}
