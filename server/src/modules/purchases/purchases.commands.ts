// Exactly once (docs/product/purchases.md#exactly-once, decision 0067): a money command sent again under the same
// Idempotency-Key answers the first result instead of booking its money a second time.
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/context.js';
import * as ledgerRepo from './purchases.ledger.repository.js';
import type * as repo from './purchases.repository.js';

export type MoneyCommandKind =
  | 'payment'
  | 'refund'
  | 'payout'
  | 'seller_repayment'
  | 'cancel'
  | 'claim_answer';

/** A command as the route parsed it: its kind, its body, and the client's Idempotency-Key when it sent one. */
export interface MoneyCommand {
  kind: MoneyCommandKind;
  body: unknown;
  requestKey?: string;
}

/** The same command with the same parsed body: the same fingerprint (the body's keys in the schema's order). */
function fingerprint(c: MoneyCommand): string {
  return createHash('sha256')
    .update(JSON.stringify([c.kind, c.body]))
    .digest('hex');
}

/**
 * Called first in the command's transaction, the purchase row locked: records the command's key with its fingerprint
 * ('first'), so the key commits or rolls back with the command's entries and a refused command leaves it free for a
 * corrected retry. 'replay' when this key already took this very command (the caller does nothing and answers the
 * purchase); a key taken by another command or body is refused.
 */
export async function recordRequestKey(
  tx: Tx,
  actor: Actor,
  p: repo.PurchaseRow,
  c: MoneyCommand | undefined,
): Promise<'first' | 'replay'> {
  if (!c?.requestKey) return 'first';
  const print = fingerprint(c);
  const row = { purchaseId: p.id, requestKey: c.requestKey, command: c.kind, fingerprint: print };
  // The row lock already orders two requests with one key; the unique index is the last word if it ever did not.
  if (await ledgerRepo.insertCommand(tx, { ...row, recordedBy: actor.userId })) return 'first';
  const first = await ledgerRepo.commandByKey(tx, p.id, c.requestKey);
  if (first && first.fingerprint === print) return 'replay';
  throw new AppError(
    'CONFLICT',
    `This Idempotency-Key was already used on ${p.number} for another request: this one is not recorded`,
  );
}
