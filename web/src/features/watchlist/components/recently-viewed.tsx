import { tractorName } from '@domain/listings';
import { Link } from 'react-router';
import { formatDollars } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import { useRecentlyViewed } from '../api/watchlist';

/** docs/product/dealer-tools.md#recently-viewed: a row of small cards on the inventory page (nothing when empty). */
export function RecentlyViewed() {
  // Dealers hear their saved-search alerts and watchlist notices live while they browse (dealer-tools.md).
  useLiveEvents();
  const query = useRecentlyViewed();
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="space-y-2">
      <h2 id="recently-viewed-heading" className="text-lg font-bold">
        Recently viewed
      </h2>
      <ul className="flex gap-3 overflow-x-auto pb-2">
        {items.map((l) => (
          <li key={l.id} className="w-44 shrink-0">
            <Link
              to={`/tractor/${l.id}`}
              className="block overflow-hidden rounded-lg border border-border bg-card hover:bg-muted focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {l.image ? (
                <img
                  src={l.image.src}
                  alt=""
                  width={176}
                  height={132}
                  className="aspect-[4/3] w-full object-cover"
                  loading="lazy"
                />
              ) : (
                <div className="aspect-[4/3] w-full bg-muted" aria-hidden="true" />
              )}
              <span className="block px-2 pt-1.5 text-sm font-semibold leading-tight">{tractorName(l)}</span>
              <span className="block px-2 pb-2 text-sm tabular-nums text-brand-800">
                {formatDollars(l.priceCents)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
