import type { OutboxMessage, OutboxStatus } from '../../../../domain/admin.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { retryOutboxMessage } from '../mail/outbox.repository.js';
import { listOutbox, outboxStatus, userStats } from './admin.repository.js';

export const OUTBOX_PAGE = 50;

function requireAdmin(actor: Actor) {
  if (actor.status !== 'admin') throw new AppError('FORBIDDEN', 'Access denied. Admin privileges required.');
}

export async function stats(ctx: AppContext, actor: Actor) {
  requireAdmin(actor);
  return userStats(ctx.db);
}

export async function outboxPage(
  ctx: AppContext,
  actor: Actor,
  filter: { status?: OutboxStatus; before?: number },
): Promise<{ messages: OutboxMessage[]; nextCursor: number | null }> {
  requireAdmin(actor);
  const rows = await listOutbox(ctx.db, { status: filter.status, beforeId: filter.before }, OUTBOX_PAGE + 1);
  const messages = rows.slice(0, OUTBOX_PAGE);
  return { messages, nextCursor: rows.length > OUTBOX_PAGE ? messages[messages.length - 1].id : null };
}

/** Puts a failed e-mail back in the queue; only failed ones (a conditional update in the mail module). */
export async function retryMessage(ctx: AppContext, actor: Actor, id: number, request: RequestInfo) {
  requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    if (!(await retryOutboxMessage(tx, id, ctx.clock.now()))) {
      const status = await outboxStatus(tx, id);
      if (!status) throw notFound('E-mail not found');
      throw conflict('Only failed e-mails can be retried.');
    }
    await audit(tx, {
      action: 'mail.retried',
      resourceType: 'mail',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { outboxId: id },
      request,
    });
  });
}
