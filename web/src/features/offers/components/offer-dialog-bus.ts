import { useEffect } from 'react';

/**
 * "Make New Offer" in the history banner opens the offer dialog owned by the offer panel: the two are
 * rendered separately on the detail page, so they meet through this tiny channel.
 */
type Listener = (listingId: string) => void;
const listeners = new Set<Listener>();

export function requestOfferDialog(listingId: string) {
  for (const l of listeners) l(listingId);
}

export function useOfferDialogRequests(listingId: string, open: () => void) {
  useEffect(() => {
    const listener: Listener = (id) => id === listingId && open();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listingId, open]);
}
