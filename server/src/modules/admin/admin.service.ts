import type { OutboxMessage, OutboxStatus, RenderedOutboxMessage } from '../../../../domain/admin.js';
import { requireRole } from '../../lib/access.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { renderTemplate, retryOutboxMessage } from '../mail/index.js';
import { listOutbox, type OutboxRow, outboxMessage, outboxStatus, userStats } from './admin.repository.js';

export const OUTBOX_PAGE = 50;

export async function stats(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'admin');
  return userStats(ctx.db);
}

export async function outboxPage(
  ctx: AppContext,
  actor: Actor,
  filter: { status?: OutboxStatus; before?: number },
): Promise<{ messages: OutboxMessage[]; nextCursor: number | null }> {
  requireRole(actor, 'admin');
  const rows = await listOutbox(ctx.db, { status: filter.status, beforeId: filter.before }, OUTBOX_PAGE + 1);
  const messages = rows.slice(0, OUTBOX_PAGE).map((r) => {
    const { payload: _, ...rest } = r;
    return { ...rest, subject: render(ctx, r)?.subject ?? '' };
  });
  return { messages, nextCursor: rows.length > OUTBOX_PAGE ? messages[messages.length - 1].id : null };
}

/** Puts a failed e-mail back in the queue; only failed ones (a conditional update in the mail module). */
export async function retryMessage(ctx: AppContext, actor: Actor, id: number, request: RequestInfo) {
  requireRole(actor, 'admin');
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

/**
 * Renders a stored message as its recipient got it, except that sign-in and reset tokens in links are
 * hidden: seeing an e-mail must not let an admin sign in as the dealer it was sent to.
 */
function render(ctx: AppContext, row: OutboxRow) {
  try {
    const mail = renderTemplate(row.template, row.payload, {
      publicUrl: ctx.config.publicUrl,
      brand: ctx.config.brand,
    });
    const hide = (s: string) => s.replace(/([?&](?:amp;)?token=)[^&\s"'<>]+/g, '$1hidden');
    return { subject: mail.subject, html: hide(mail.html), text: hide(mail.text) };
  } catch {
    return null;
  }
}

export async function renderedMessage(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<RenderedOutboxMessage> {
  requireRole(actor, 'admin');
  const row = await outboxMessage(ctx.db, id);
  if (!row) throw notFound('E-mail not found');
  const mail = render(ctx, row);
  const { payload: _, ...rest } = row;
  return {
    ...rest,
    subject: mail?.subject ?? '',
    html: mail?.html ?? '',
    text: mail?.text ?? `This e-mail cannot be shown: template ${row.template} does not render it.`,
  };
}
