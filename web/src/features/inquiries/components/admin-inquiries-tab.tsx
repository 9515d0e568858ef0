import { INQUIRY_OFFER_STATUS_LABELS } from '@domain/farmer-offers';
import { INQUIRY_NEXT, type InquiryStatus, type SaleInquiry } from '@domain/inquiries';
import { ChevronDown, ChevronUp, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ValueLine } from '@/features/market';
import { formatDateTime, formatHours } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { useAdminInquiries, useChangeInquiryStatus } from '../api/inquiries';
import { DealersWhoWantIt } from './dealers-who-want-it';
import { InquiryDetail } from './inquiry-detail';

const STATUS_TONE: Record<InquiryStatus, Tone> = {
  pending: 'yellow',
  contacted: 'blue',
  offer_sent: 'blue',
  offer_accepted: 'green',
  offer_declined: 'grey',
  offer_expired: 'grey',
  closed: 'grey',
};

/** docs/product/selling.md#sale-inquiries-tab: newest first; Mark Contacted, Mark Closed, Reopen, nothing else. */
export function AdminInquiriesTab() {
  const query = useAdminInquiries();
  // A farmer's answer and new inquiries arrive live.
  useLiveEvents();
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
  const [open, setOpen] = useState(false);
  const next = INQUIRY_NEXT[inquiry.status];
  const title =
    [inquiry.year, inquiry.make, inquiry.model].filter(Boolean).join(' ') || 'Tractor (no details)';

  const onAction = async () => {
    try {
      await change.mutateAsync({ id: inquiry.id, status: next.to });
      toast.success(`Inquiry marked as ${next.to}`);
    } catch (err) {
      toast.error(`Failed to update inquiry status: ${(err as Error).message}`);
    }
  };

  return (
    <li>
      <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="inquiry-row">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-bold">{title}</h3>
            <Badge tone={STATUS_TONE[inquiry.status]}>{INQUIRY_OFFER_STATUS_LABELS[inquiry.status]}</Badge>
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
            <Fact label="Photos" value={String(inquiry.photoCount)} />
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
          {inquiry.phone && (
            <a
              className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              href={`tel:${inquiry.phone.replace(/[^+\d]/g, '')}`}
            >
              <Phone className="size-4" aria-hidden="true" />
              {inquiry.phone}
            </a>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={`inquiry-${inquiry.id}-detail`}
          >
            {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {open ? 'Hide offer & history' : 'Offer & history'}
          </Button>
          <Button
            variant={inquiry.status === 'closed' ? 'outline' : 'default'}
            size="sm"
            onClick={onAction}
            disabled={change.isPending}
            aria-label={`${next.label}: ${title}`}
          >
            {next.label}
          </Button>
        </div>
        {open && (
          <div id={`inquiry-${inquiry.id}-detail`} className="sm:col-span-2">
            <InquiryDetail inquiryId={inquiry.id} />
          </div>
        )}
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
