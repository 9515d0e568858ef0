import { RECENTLY_VIEWED_MAX } from '../../../../domain/dealer-tools.js';
import type { DealerCard } from '../../../../domain/listing-schemas.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { firstLookHidesFrom } from '../listings/index.js';
import * as repo from './recent-views.repository.js';
import { cardOf, WATCH_NOT_FOUND } from './watchlist.service.js';

/** docs/product/dealer-tools.md#recently-viewed: the tractor page records the view (server side, any device). */
export async function recordView(ctx: AppContext, actor: Actor, listingId: string) {
  requireRole(actor, 'dealer', 'admin');
  const now = ctx.clock.now();
  // A tractor under a first look is missing for dealers outside it (docs/product/want-lists.md#first-look).
  const recorded = await ctx.db.transaction(
    async (tx) =>
      !(await firstLookHidesFrom(tx, listingId, actor, now)) &&
      repo.recordView(tx, actor.userId, listingId, now, RECENTLY_VIEWED_MAX),
  );
  if (!recorded) throw new AppError('NOT_FOUND', WATCH_NOT_FOUND);
  return { listingId };
}

export async function recentlyViewed(ctx: AppContext, actor: Actor): Promise<{ items: DealerCard[] }> {
  requireRole(actor, 'dealer', 'admin');
  const rows = await repo.recentCards(ctx.db, actor.userId, RECENTLY_VIEWED_MAX);
  return { items: rows.map(cardOf) };
}
