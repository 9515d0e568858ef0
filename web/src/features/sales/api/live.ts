import { onFeatureEvent } from '@/lib/live-events';
import { toast } from '@/lib/toast';

// The Timed Sale live (docs/product/timed-sale.md#the-run-list): a lot moved (a bid, an extension, a close), the
// run list refetches; an outbid dealer is told at once, whatever the e-mail's 10-minute pace.
onFeatureEvent('sale.lot_updated', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['sales', String(data.saleId ?? '')] });
});
onFeatureEvent('sale.outbid', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['sales', String(data.saleId ?? '')] });
  toast.warning('You were outbid', { duration: 15_000 });
});
