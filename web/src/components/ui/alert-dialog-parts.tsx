import { buyerFeeCents, formatDollars, sellerProceedsCents, totalWithFeeCents } from '@domain/money';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import type { ConfirmDialogProps } from './alert-dialog';
import { buttonVariants } from './button';
import type { DealConfirmProps } from './confirm-dialog';
import { useReturnFocus } from './return-focus';

/** The confirmations' Radix parts, loaded when one first opens (alert-dialog.tsx, confirm-dialog.tsx; decision 0056). */

export function ConfirmDialogBody({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
}: Omit<ConfirmDialogProps, 'trigger'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const focus = useReturnFocus();
  return (
    <AlertPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertPrimitive.Content
          {...focus}
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 shadow-xl"
        >
          <AlertPrimitive.Title className="text-lg font-bold">{title}</AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">
            {description}
          </AlertPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }))}>
              {cancelLabel}
            </AlertPrimitive.Cancel>
            <AlertPrimitive.Action
              className={cn(buttonVariants({ variant: 'destructive' }))}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertPrimitive.Action>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}

export function DealConfirmBody(p: DealConfirmProps) {
  const focus = useReturnFocus();
  const money: Array<[string, string]> =
    p.sellerFeeCents === undefined
      ? [
          ['Buyer fee', formatDollars(buyerFeeCents(p.amountCents))],
          ['Total', formatDollars(totalWithFeeCents(p.amountCents))],
        ]
      : [
          ['Seller fee', formatDollars(p.sellerFeeCents)],
          ['Your proceeds', formatDollars(sellerProceedsCents(p.amountCents, p.sellerFeeCents))],
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
          {...focus}
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
