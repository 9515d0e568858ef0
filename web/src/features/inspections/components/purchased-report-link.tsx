import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { usePurchasedReports } from '../api/inspections';

/** On a purchase: the condition report revision frozen with it (the one in force when the offer was accepted). */
export function PurchasedReportLink({ offerId, listingId }: { offerId: string; listingId: string }) {
  const query = usePurchasedReports();
  const frozen = query.data?.items.find((r) => r.offerId === offerId);
  if (!frozen) return null;
  return (
    <Link
      to={`/tractor/${listingId}?revision=${frozen.number}#condition-report`}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      data-testid="purchased-report"
    >
      <ClipboardCheck className="size-4" aria-hidden="true" />
      Condition report at purchase: revision {frozen.number}, grade {frozen.grade.toFixed(1)}
    </Link>
  );
}
