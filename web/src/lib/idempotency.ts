/**
 * A fresh Idempotency-Key for one user attempt (an offer, a money step): sent with every retry of that attempt, so a
 * double click or a retry after a lost answer is recorded once (docs/product/purchases.md#exactly-once).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
