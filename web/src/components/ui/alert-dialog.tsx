import * as React from 'react';
import { lazy, Suspense, useState } from 'react';

const ConfirmDialogBody = lazy(() =>
  import('./alert-dialog-parts').then((m) => ({ default: m.ConfirmDialogBody })),
);

export interface ConfirmDialogProps {
  /** The button that opens it (its own onClick runs first). */
  trigger: React.ReactElement<{ onClick?: (e: React.MouseEvent<HTMLElement>) => void }>;
  title: string;
  description: string;
  confirmLabel?: string;
  /** The button that changes nothing ("Cancel" unless the step has better words). */
  cancelLabel?: string;
  onConfirm: () => void;
}

/**
 * A confirmation: `onConfirm` runs only when the person confirms. The dialog's code loads when it first opens,
 * not before the page's first paint (decision 0056); the trigger is the caller's button as it is.
 */
export function ConfirmDialog({ trigger, ...props }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = React.cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    onClick: (e: React.MouseEvent<HTMLElement>) => {
      trigger.props.onClick?.(e);
      if (e.defaultPrevented) return;
      setOpened(true);
      setOpen(true);
    },
  } as React.HTMLAttributes<HTMLElement>);
  return (
    <>
      {button}
      {opened && (
        <Suspense fallback={null}>
          <ConfirmDialogBody open={open} onOpenChange={setOpen} {...props} />
        </Suspense>
      )}
    </>
  );
}
