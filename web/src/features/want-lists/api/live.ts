import { onFeatureEvent } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { wantListKeys } from './want-lists';

// docs/product/want-lists.md: a live listing that matches a want-list, and a farmer's tractor that does.
onFeatureEvent('wantList.listing', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['listings'] });
  const tractor = data.tractor ? String(data.tractor) : 'A tractor';
  toast.info(`${tractor} matches your want-list`, {
    duration: 15_000,
    action: data.listingId
      ? { label: 'See it', onClick: () => window.location.assign(`/tractor/${String(data.listingId)}`) }
      : undefined,
  });
});
onFeatureEvent('wantList.inquiry', (data, qc) => {
  qc?.invalidateQueries({ queryKey: wantListKeys.matches });
  toast.info(String(data.notice ?? 'A farmer has a tractor on your want-list'), {
    duration: 15_000,
    action: { label: 'Answer', onClick: () => window.location.assign('/want-lists/matches') },
  });
});
