/** The offer panel of the tractor detail page (SPEC.md "Offer panel"). Placeholder until the offers feature lands. */
export function OfferPanel(_props: {
  listing: { id: string; make: string; model: string; priceCents: number | null };
}) {
  return null;
}

/** "Your Offer History" on the detail page. Placeholder until the offers feature lands. */
export function OfferHistory(_props: { listingId: string }) {
  return null;
}
