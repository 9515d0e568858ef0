import type { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A dialog whose code (Radix and its focus trap, scroll lock, portal) loads when it first opens, not before the
 * page's first paint (decision 0056). Always controlled: the caller opens it from its own button's state. Once
 * opened it stays mounted, closed, so closing returns focus and reopening is at once.
 */
const parts = () => import('./dialog-parts');
const DialogRoot = lazy(() => parts().then((m) => ({ default: m.DialogRoot })));
export const DialogContent = lazy(() => parts().then((m) => ({ default: m.DialogContent })));
export const DialogTitle = lazy(() => parts().then((m) => ({ default: m.DialogTitle })));
export const DialogDescription = lazy(() => parts().then((m) => ({ default: m.DialogDescription })));

export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root> & { open: boolean }) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogRoot {...props} />
    </Suspense>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
