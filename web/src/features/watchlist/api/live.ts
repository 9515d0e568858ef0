import { onFeatureEvent } from '@/lib/live-events';
import { toast } from '@/lib/toast';

// Dealer tools (docs/product/dealer-tools.md): a watched tractor's notice and a saved search's new match, live.
// Registered when a dealer screen's code loads, so the landing page's first chunk does not carry them.
onFeatureEvent('watchlist.notice', (data, qc) => {
  qc?.invalidateQueries({
    predicate: (q) => ['watchlist', 'listings', 'recently-viewed'].includes(String(q.queryKey[0])),
  });
  toast.info(String(data.message ?? 'A tractor you watch changed'), { duration: 15_000 });
});
onFeatureEvent('savedSearch.match', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['saved-searches'] });
  const name = data.searchName ? String(data.searchName) : '';
  toast.info(name ? `New match for your saved search "${name}"` : 'New match for a saved search', {
    duration: 15_000,
  });
});
