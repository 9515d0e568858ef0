import { lazy, Suspense, useState } from 'react';

const DealConfirmBody = lazy(() =>
  import('./alert-dialog-parts').then((m) => ({ default: m.DealConfirmBody })),
);

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
 * Its code loads when it first opens, not before the page's first paint (decision 0056).
 */
export function DealConfirmDialog(p: DealConfirmProps) {
  const [opened, setOpened] = useState(p.open);
  if (p.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DealConfirmBody {...p} />
    </Suspense>
  );
}
