import { INSPECTION_SECTIONS } from '@domain/inspection';
import { BUYER_FEE_LABEL, formatDollars, invoiceTotalCents } from '@domain/money';
import {
  countdownText,
  DELIVERY_MISSING_TEXT,
  dateLabel,
  FULFILMENT_LABELS,
  type Fulfilment,
  NOT_IN_REPORT,
  PURCHASE_STATUS_LABELS,
  PURCHASE_STATUS_TONE,
} from '@domain/purchases';
import type { Purchase } from '@domain/purchases-api';
import { FileText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Label, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useNow } from '@/lib/now';
import { toast } from '@/lib/toast';
import { useChooseFulfilment, useOpenClaim } from '../api/purchases';
import { BuyerBalance } from './buyer-balance';
import { ClaimEvidence } from './claim-evidence';

/** docs/product/purchases.md#purchased-inventory: status, what is due next, documents, delivery, title, claim. */
export function PurchaseProgress({
  purchase: p,
  readOnly = false,
}: {
  purchase: Purchase;
  readOnly?: boolean;
}) {
  return (
    <section
      aria-label={`Purchase ${p.number}`}
      className="flex flex-col gap-4"
      data-testid="purchase-progress"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold">{p.number}</span>
        <Badge tone={PURCHASE_STATUS_TONE[p.status]} data-testid="purchase-status">
          {PURCHASE_STATUS_LABELS[p.status]}
        </Badge>
        {p.overdue && <Badge tone="red">Overdue</Badge>}
      </div>
      {p.nextStep && (
        <p
          className="rounded-md border border-gold-500/50 bg-gold-100 p-3 text-sm font-medium"
          data-testid="next-step"
        >
          {p.nextStep.text}
        </p>
      )}
      {p.status === 'cancelled' && p.cancelReason && (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm">Cancelled: {p.cancelReason}</p>
      )}
      {!readOnly && p.actions.includes('choose_fulfilment') && <FulfilmentChoice purchase={p} />}
      <Money purchase={p} />
      <BuyerBalance purchase={p} />
      {p.documents.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold">Documents</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {p.documents.map((d) => (
              <li key={d.id + d.kind}>
                <a
                  href={d.url}
                  className="inline-flex min-h-6 items-center gap-1 text-brand-700 underline"
                  download
                >
                  <FileText className="size-4" aria-hidden="true" />
                  {d.label}
                  {d.amountCents !== null ? ` (${formatDollars(d.amountCents)})` : ''}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Details purchase={p} />
      <Claim purchase={p} readOnly={readOnly} />
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">Timeline ({p.timeline.length})</summary>
        <ol className="mt-2 flex flex-col gap-1 border-l-2 border-brand-600/30 pl-3" data-testid="timeline">
          {p.timeline.map((e) => (
            <li key={`${e.at}-${e.kind}`}>
              <span className="text-muted-foreground">{dateLabel(e.at)}:</span> {e.text}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

function Money({ purchase: p }: { purchase: Purchase }) {
  // Every figure from the ledger (p.money, docs/product/purchases.md#the-ledger); the balance line is BuyerBalance.
  // Before the invoice, the price and fee are the sale's terms, which the invoice will book.
  const m = p.money;
  const rows: Array<[string, string]> = [
    ['Price', formatDollars(m.priceCents)],
    [BUYER_FEE_LABEL, formatDollars(m.buyerFeeCents)],
    ...(m.deliveryCents ? [['Delivery', formatDollars(m.deliveryCents)] as [string, string]] : []),
    ...(m.invoiceTotalCents
      ? [['Invoice total', formatDollars(m.invoiceTotalCents)] as [string, string]]
      : []),
    ...(m.creditedCents ? [['Credits', `-${formatDollars(m.creditedCents)}`] as [string, string]] : []),
    ...(m.paidCents ? [['Paid', formatDollars(m.paidCents)] as [string, string]] : []),
    ...(m.refundedCents ? [['Refunded', formatDollars(m.refundedCents)] as [string, string]] : []),
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="text-right font-medium tabular-nums">{v}</dd>
        </div>
      ))}
      {p.status === 'awaiting_payment' && p.fulfilment && (
        <div className="contents">
          <dt className="text-muted-foreground">Due date</dt>
          <dd className="text-right font-medium">{dateLabel(p.dueDate)}</dd>
        </div>
      )}
    </dl>
  );
}

function Details({ purchase: p }: { purchase: Purchase }) {
  const rows: Array<[string, string]> = [];
  if (p.fulfilment) rows.push(['Getting it', FULFILMENT_LABELS[p.fulfilment]]);
  if (p.deliveryTo) rows.push(['Deliver to', p.deliveryTo]);
  if (p.releaseCode) rows.push(['Release code', p.releaseCode]);
  if (p.carrier) rows.push(['Carrier', p.carrier]);
  if (p.pickupDate) rows.push(['Pickup date', dateLabel(p.pickupDate)]);
  if (p.deliveryDate) rows.push(['Delivery date', dateLabel(p.deliveryDate)]);
  if (p.titleReceivedAt) rows.push(['Title received', dateLabel(p.titleReceivedAt)]);
  if (p.titleSentAt)
    rows.push([
      'Title sent',
      `${dateLabel(p.titleSentAt)} by ${p.titleCarrier ?? ''}, tracking ${p.titleTracking ?? ''}`,
    ]);
  if (rows.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">Delivery and title</h3>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4" data-testid="delivery-details">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-medium break-words">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function FulfilmentChoice({ purchase: p }: { purchase: Purchase }) {
  const choose = useChooseFulfilment();
  const [pick, setPick] = useState<Fulfilment | null>(null);
  // One Idempotency-Key per opening of the confirmation, kept through its retries: the invoice is issued once.
  const [key, setKey] = useState(newIdempotencyKey);
  const open = (f: Fulfilment) => {
    setKey(newIdempotencyKey());
    setPick(f);
  };
  const delivery = p.deliveryQuote;
  const total = invoiceTotalCents(
    p.money.priceCents,
    p.money.buyerFeeCents,
    pick === 'delivery' ? (delivery?.cents ?? 0) : 0,
  );
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3">
      <p className="text-sm font-semibold">How do you get the tractor?</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => open('collect')}>
          {FULFILMENT_LABELS.collect}
        </Button>
        <Button variant="outline" onClick={() => open('delivery')} disabled={!delivery}>
          {FULFILMENT_LABELS.delivery}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {delivery
          ? delivery.text
          : p.deliveryMissing === 'listing_zip'
            ? DELIVERY_MISSING_TEXT.listing_zip
            : 'Add your delivery address in My Account to get a delivery price.'}{' '}
        {!delivery && p.deliveryMissing !== 'listing_zip' && (
          <Link to="/my-account" className="underline">
            My Account
          </Link>
        )}
      </p>
      <Dialog open={pick !== null} onOpenChange={(o) => !o && setPick(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{pick ? FULFILMENT_LABELS[pick] : ''}: issue the invoice?</DialogTitle>
            <DialogDescription>
              Your invoice for {formatDollars(total)} is issued now and is due {dateLabel(p.dueDate)}. It
              cannot be changed afterwards.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPick(null)}>
              Cancel
            </Button>
            <Button
              disabled={choose.isPending}
              onClick={() =>
                pick &&
                choose.mutate(
                  { id: p.id, fulfilment: pick, idempotencyKey: key },
                  {
                    onSuccess: () => {
                      toast.success('Invoice issued');
                      setPick(null);
                    },
                    onError: (e) =>
                      toast.error(e instanceof ApiError ? e.message : 'Failed to issue the invoice'),
                  },
                )
              }
            >
              Issue invoice for {formatDollars(total)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Claim({ purchase: p, readOnly }: { purchase: Purchase; readOnly: boolean }) {
  const now = new Date(useNow());
  const [open, setOpen] = useState(false);
  const claims = p.claims;
  const end = p.guaranteeEndsAt ? new Date(p.guaranteeEndsAt) : null;
  // The server offers the step (domain purchaseActionsFor); the live clock only hides it once the window ends.
  const windowOpen = p.actions.includes('open_claim') && end !== null && end > now;
  if (!end && claims.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Inspection guarantee</h3>
      {end && (
        <p className="text-sm" data-testid="guarantee-window">
          Claims until {dateLabel(end.toISOString())} ({countdownText(end, now)})
        </p>
      )}
      {claims.map((c) => (
        <div key={c.id} className="rounded-md border border-border p-2 text-sm" data-testid="claim">
          <p className="font-medium">
            Claim of {dateLabel(c.createdAt)}:{' '}
            {c.status === 'open'
              ? 'under review'
              : c.status === 'credited'
                ? 'credited'
                : c.status === 'returned'
                  ? 'cancel and return'
                  : 'not accepted'}
          </p>
          <ClaimEvidence claim={c} />
          {c.answer && <p className="mt-1">Answer: {c.answer}</p>}
        </div>
      ))}
      {windowOpen && !readOnly && (
        <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
          Open a guarantee claim
        </Button>
      )}
      {open && <ClaimDialog purchase={p} onClose={() => setOpen(false)} />}
    </div>
  );
}

/**
 * The claim's rule comes with the API's shapes, which the screen does not build as it starts (decision 0062): they
 * load when the dialog opens.
 */
const loadClaimBody = () => import('@domain/purchases-api').then((m) => m.claimBody);

function ClaimDialog({ purchase: p, onClose }: { purchase: Purchase; onClose: () => void }) {
  const claim = useOpenClaim();
  const id = useId();
  const [checked, setChecked] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (c: string) => setChecked((x) => (x.includes(c) ? x.filter((y) => y !== c) : [...x, c]));
  useEffect(() => void loadClaimBody(), []);
  const submit = async () => {
    const body = await loadClaimBody().catch(() => null);
    if (!body) {
      toast.error('Failed to send the claim');
      return;
    }
    const parsed = body.safeParse({ checkpoints: checked, description });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    claim.mutate(
      { id: p.id, ...parsed.data, photos },
      {
        onSuccess: () => {
          toast.success('Claim sent: we will answer shortly');
          onClose();
        },
        onError: (e) => toast.error(e instanceof ApiError ? e.message : 'Failed to send the claim'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Guarantee claim for {p.number}</DialogTitle>
          <DialogDescription>
            Pick what differs from the condition report
            {p.inspectionRevision ? ` (revision ${p.inspectionRevision})` : ''}, or "Not in report", describe
            it and add photos.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-semibold">What differs</legend>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={checked.includes(NOT_IN_REPORT)}
              onChange={() => toggle(NOT_IN_REPORT)}
            />
            Not in report
          </label>
          {p.inspectionRevision !== null &&
            INSPECTION_SECTIONS.map((s) => (
              <details key={s.id}>
                <summary className="cursor-pointer">{s.title}</summary>
                {s.checkpoints.map((c) => (
                  <label key={c.id} className="ml-4 flex items-center gap-2">
                    <input type="checkbox" checked={checked.includes(c.id)} onChange={() => toggle(c.id)} />
                    {c.label}
                  </label>
                ))}
              </details>
            ))}
          <FieldError message={errors.checkpoints} />
        </fieldset>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-d`}>Describe what differs</Label>
          <Textarea
            id={`${id}-d`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={4}
          />
          <FieldError message={errors.description} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-p`}>Photos</Label>
          <input
            id={`${id}-p`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            multiple
            onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, 12))}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={claim.isPending}>
            {claim.isPending ? 'Sending...' : 'Send claim'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
