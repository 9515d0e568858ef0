import { buyerFeeCents, formatDollars, totalWithFeeCents } from '@domain/money';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';

export interface DealConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Accept counter offer?" */
  title: string;
  /** What confirming does, in one or two sentences ("This is binding: ..."). */
  description: string;
  /** "2020 John Deere 8R 410" */
  tractor: string;
  /** The amount the action commits to; the buyer fee and total follow from it. */
  amountCents: number;
  /** Admin screens name the buyer ("Dana Diaz · Diaz Farm Equipment"). */
  buyer?: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** The seller's view (a dealer answering an offer on their own tractor): their fee and proceeds instead. */
  sellerFeeCents?: number;
}

/**
 * Confirmation for a binding step (accepting, rejecting, countering, buying): names the tractor, the amount,
 * the buyer fee and the total, so nobody commits on one click. Escape, Cancel or a click outside change
 * nothing; `onConfirm` runs only on the confirm button. Controlled, so the caller opens it from any button.
 */
export function DealConfirmDialog(p: DealConfirmProps) {
  const money: Array<[string, string]> =
    p.sellerFeeCents === undefined
      ? [
          ['Buyer fee', formatDollars(buyerFeeCents(p.amountCents))],
          ['Total', formatDollars(totalWithFeeCents(p.amountCents))],
        ]
      : [
          ['Seller fee', formatDollars(p.sellerFeeCents)],
          ['Your proceeds', formatDollars(Math.max(0, p.amountCents - p.sellerFeeCents))],
        ];
  const facts: Array<[string, string]> = [
    ['Tractor', p.tractor],
    ...(p.buyer ? [['Buyer', p.buyer] as [string, string]] : []),
    ['Amount', formatDollars(p.amountCents)],
    ...money,
  ];
  return (
    <AlertPrimitive.Root open={p.open} onOpenChange={p.onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertPrimitive.Content
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl"
          data-testid="deal-confirm"
        >
          <AlertPrimitive.Title className="text-lg font-bold">{p.title}</AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">
            {p.description}
          </AlertPrimitive.Description>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-border bg-muted p-3 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd
                  className={cn(
                    'min-w-0 break-words text-right tabular-nums',
                    (label === 'Total' || label === 'Your proceeds') && 'font-bold',
                  )}
                  data-testid={`confirm-${label.toLowerCase().replace(/\s+/g, '-')}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }))}>
              Cancel
            </AlertPrimitive.Cancel>
            <AlertPrimitive.Action
              className={cn(buttonVariants({ variant: p.destructive ? 'destructive' : 'default' }))}
              onClick={p.onConfirm}
            >
              {p.confirmLabel}
            </AlertPrimitive.Action>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
