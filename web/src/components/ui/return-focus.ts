import { useRef } from 'react';

/**
 * For a dialog opened from a button's state (no Radix trigger, decision 0056): on close, focus goes back to what
 * had it when the dialog opened. Radix calls onOpenAutoFocus before it moves focus into the dialog.
 */
export function useReturnFocus() {
  const returnTo = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      returnTo.current = document.activeElement;
    },
    onCloseAutoFocus: (e: Event) => {
      const el = returnTo.current;
      if (!(el instanceof HTMLElement) || !el.isConnected) return;
      e.preventDefault();
      el.focus();
    },
  };
}
