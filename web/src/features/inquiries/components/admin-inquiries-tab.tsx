import { INQUIRY_NEXT, type InquiryStatus, type SaleInquiry } from '@domain/inquiries';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ValueLine } from '@/features/market';
import { formatDateTime, formatHours } from '@/lib/format';
import { useAdminInquiries, useChangeInquiryStatus } from '../api/inquiries';
import { DealersWhoWantIt } from './dealers-who-want-it';

const STATUS_TONE: Record<InquiryStatus, Tone> = { pending: 'yellow', contacted: 'blue', closed: 'grey' };
const STATUS_LABEL: Record<InquiryStatus, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  closed: 'Closed',
};

/** docs/product/selling.md#sale-inquiries-tab: newest first; Mark Contacted, Mark Closed, Reopen, nothing else. */
export function AdminInquiriesTab() {
  const query = useAdminInquiries();
  if (query.isPending) return <InquiriesSkeleton />;
  if (query.isError)
    return <ErrorState message="Failed to load sale inquiries" onRetry={() => query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        title="No sale inquiries yet"
        description="Sellers who fill in the Sell your tractor form appear here, newest first."
      />
    );
  return (
    <section aria-labelledby="inquiries-title" className="grid gap-3">
      <h2 id="inquiries-title" className="text-lg font-bold">
        Sale inquiries <span className="text-muted-foreground">({query.data.length})</span>
      </h2>
      <ul className="grid gap-3">
        {query.data.map((inquiry) => (
          <InquiryRow key={inquiry.id} inquiry={inquiry} />
        ))}
      </ul>
    </section>
  );
}

function InquiryRow({ inquiry }: { inquiry: SaleInquiry }) {
  const change = useChangeInquiryStatus();
  const next = INQUIRY_NEXT[inquiry.status];
  const title =
    [inquiry.year, inquiry.make, inquiry.model].filter(Boolean).join(' ') || 'Tractor (no details)';

  const onAction = () =>
    change.mutate(
      { id: inquiry.id, status: next.to },
      {
        onSuccess: () => toast.success(`Inquiry marked as ${next.to}`),
        onError: (err) => toast.error(`Failed to update inquiry status: ${err.message}`),
      },
    );

  return (
    <li>
      <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="inquiry-row">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-bold">{title}</h3>
            <Badge tone={STATUS_TONE[inquiry.status]}>{STATUS_LABEL[inquiry.status]}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <Fact label="Make" value={inquiry.make} />
            <Fact label="Model" value={inquiry.model} />
            <Fact label="Year" value={inquiry.year?.toString()} />
            <Fact label="Hours" value={inquiry.hours === null ? null : formatHours(inquiry.hours)} />
            <Fact label="Location" value={inquiry.location} />
            <Fact label="Transmission" value={inquiry.transmission} />
            {inquiry.condition && <Fact label="Condition" value={inquiry.condition} />}
            <Fact label="Received" value={formatDateTime(inquiry.createdAt)} />
          </dl>
          <ValueLine tractor={inquiry} />
          {inquiry.description && <p className="text-sm">{inquiry.description}</p>}
          <DealersWhoWantIt inquiryId={inquiry.id} />
          <a
            className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            href={`mailto:${inquiry.email}`}
          >
            <Mail className="size-4" aria-hidden="true" />
            {inquiry.email}
          </a>
        </div>
        <Button
          variant={inquiry.status === 'closed' ? 'outline' : 'default'}
          size="sm"
          onClick={onAction}
          disabled={change.isPending}
          aria-label={`${next.label}: ${title}`}
        >
          {next.label}
        </Button>
      </Card>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value || '—'}</dd>
    </div>
  );
}

function InquiriesSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading sale inquiries">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full" />
      ))}
    </div>
  );
}
