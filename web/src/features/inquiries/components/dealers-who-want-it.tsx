import { formatDollarsCents } from '@domain/money';
import { formatCount } from '@domain/numbers';
import type { InquiryMatch } from '@domain/want-lists';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLiveEventHandler } from '@/lib/live-events';

/** How a dealership answered (docs/product/want-lists.md#the-admins-view). */
function answerOf(m: InquiryMatch): string {
  if (m.answer === 'interested' && m.maxPriceCents !== null)
    return `Would pay up to ${formatDollarsCents(m.maxPriceCents)}`;
  if (m.answer === 'not_for_me') return 'Not for them';
  return 'No answer yet';
}

/**
 * "Dealers who want it" on the admin's inquiry: the dealerships whose want-lists match the farmer's tractor, what
 * they want, what they would pay and how far away they are, with their answers as they come in (live).
 */
export function DealersWhoWantIt({ inquiryId }: { inquiryId: string }) {
  const qc = useQueryClient();
  const key = ['inquiry-matches', inquiryId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.GET('/api/admin/inquiries/{inquiryId}/matches', { params: { path: { inquiryId } }, signal }),
  });
  useLiveEventHandler((type, data) => {
    if (type === 'inquiry.match_answered' && data.inquiryId === inquiryId)
      void qc.invalidateQueries({ queryKey: key });
  });
  const titleId = `dealers-${inquiryId}`;
  return (
    // Not a landmark: every inquiry of the list has one, all named alike (its heading names it).
    <div className="grid gap-1 text-sm">
      <h4 id={titleId} className="font-bold">
        Dealers who want it
      </h4>
      {query.isPending ? (
        <p className="text-muted-foreground">Loading matches...</p>
      ) : query.isError ? (
        <p className="text-red-700">Could not load the dealers' matches.</p>
      ) : query.data.items.length === 0 ? (
        <p className="text-muted-foreground">No dealer's want-list matches this tractor.</p>
      ) : (
        <ul className="grid gap-1">
          {query.data.items.map((m) => (
            <li key={m.id} className="rounded border border-border px-2 py-1" data-testid="inquiry-match">
              <span className="font-semibold">{m.dealershipName}</span> · wants {m.wants}
              {m.wantListMaxPriceCents !== null && ` up to ${formatDollarsCents(m.wantListMaxPriceCents)}`}
              {m.distanceMiles !== null && ` · ${formatCount(m.distanceMiles)} mi`} ·{' '}
              <span className="font-semibold">{answerOf(m)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
