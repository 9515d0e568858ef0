import { onFeatureEvent } from '@/lib/live-events';
import { toast } from '@/lib/toast';

// The Timed Sale live (docs/product/timed-sale.md#the-run-list): a lot moved (a bid, an extension, a close), the
// run list refetches; an outbid dealer is told at once, whatever the e-mail's 10-minute pace; a dealer watching a
// lot hears that its sale starts within the hour (docs/product/timed-sale.md#notices).
onFeatureEvent('sale.lot_updated', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['sales', String(data.saleId ?? '')] });
});
onFeatureEvent('sale.outbid', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['sales', String(data.saleId ?? '')] });
  toast.warning('You were outbid', { duration: 15_000 });
});
onFeatureEvent('sale.starting', (data, qc) => {
  qc?.invalidateQueries({ queryKey: ['sales'] });
  const name = data.saleName ? String(data.saleName) : 'A Timed Sale';
  toast.info(`Sale starting in an hour: ${name}`, {
    description: 'It has lots you watch.',
    duration: 30_000,
    action: {
      label: 'Open the sale',
      onClick: () => window.location.assign(`/sales/${String(data.saleId ?? '')}`),
    },
  });
});
