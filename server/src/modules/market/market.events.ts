import type { DomainEventBus } from '../../lib/domain-events.js';
import { recordCompletedSale } from './market.service.js';

/** The market learns of sales from purchases' events, never by being called (decision 0051). */
export function marketSubscriptions(events: DomainEventBus): void {
  events.subscribe('purchase.completed', 'market.record_sale', (_ctx, tx, e) =>
    recordCompletedSale(tx, e.purchaseId),
  );
}
