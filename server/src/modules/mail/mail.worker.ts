import type { AppContext } from '../../lib/context.js';
import { CLASS_CAPS, mailClassOf, templatesOfClass } from '../../lib/mail-classes.js';
import { attachmentsFor } from './attachments.js';
import {
  type ClaimedMessage,
  claimDueMessages,
  markDeferred,
  markFailed,
  markRetry,
  markSent,
  recentSendsTo,
} from './outbox.repository.js';
import { renderTemplate } from './templates.js';
import { createTransport, type MailTransport } from './transport.js';

/** docs/decisions/0002-outbox-delivery.md: 30 s doubling, at most 1 h apart, failed after 10 attempts (~4 h). */
export const MAIL_RETRY = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 10 };
/** A claimed row comes back to the queue after this long if its worker died (sends time out well before). */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** docs/product/mail.md#recipient-cap: caps on e-mails sent to one recipient (admin accounts are exempt), counted per mail class. */
export const RECIPIENT_CAP = { perHour: CLASS_CAPS.transactional.limit };
/** A capped message whose window has no sent mail to wait for (only rows being sent) looks again this soon. */
const CAP_RECHECK_MS = 60_000;
const BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);
}

export interface PassResult {
  sent: number;
  retried: number;
  failed: number;
  /** Over a recipient cap: queued again for when the cap allows it. */
  deferred: number;
}

/**
 * One pass of the worker: claims every due row (in batches), renders and sends each, and records the
 * outcome. Tests and the e2e harness call it directly instead of waiting for the timer.
 */
export async function processOutboxOnce(
  ctx: AppContext,
  transport: MailTransport,
  options: { isStopping?: () => boolean } = {},
): Promise<PassResult> {
  const result: PassResult = { sent: 0, retried: 0, failed: 0, deferred: 0 };
  for (;;) {
    if (options.isStopping?.()) return result;
    const now = ctx.clock.now();
    const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
    const batch = await claimDueMessages(ctx.db, now, leaseUntil, BATCH);
    if (batch.length === 0) return result;
    for (const message of batch) {
      const outcome = await deliver(ctx, transport, message, leaseUntil);
      result[outcome] += 1;
    }
  }
}

async function deliver(
  ctx: AppContext,
  transport: MailTransport,
  message: ClaimedMessage,
  leaseUntil: Date,
): Promise<keyof PassResult> {
  const log = ctx.log.child({ outboxId: message.id, template: message.template });
  const now = ctx.clock.now();

  // Caps count per class, so a flood of one kind of mail never holds back another
  // (docs/product/mail.md#classes). Over the cap the message waits until the window frees up: it is sent
  // later, never marked failed.
  const mailClass = mailClassOf(message.template);
  const cap = {
    ...CLASS_CAPS[mailClass],
    limit: CLASS_CAPS[mailClass].limit * ctx.config.mailRecipientCapFactor,
  };
  const recent = await recentSendsTo(
    ctx.db,
    message.recipient,
    message.id,
    new Date(now.getTime() - cap.windowMs),
    // Its own name too: a row of a template unknown to the class map still counts against itself.
    [...new Set([...templatesOfClass(mailClass), message.template])],
  );
  if (!recent.exempt && recent.count >= cap.limit) {
    const next = recent.oldestSentAt
      ? new Date(Math.max(recent.oldestSentAt.getTime() + cap.windowMs + 1000, now.getTime() + 1000))
      : new Date(now.getTime() + CAP_RECHECK_MS);
    log.warn({ mailClass, nextAttemptAt: next }, 'mail deferred: recipient cap reached');
    await markDeferred(
      ctx.db,
      message.id,
      `Deferred by the recipient cap: ${cap.limit} ${mailClass} e-mails per ${cap.windowMs / 3600_000} h`,
      next,
      leaseUntil,
    );
    return 'deferred';
  }

  let rendered: ReturnType<typeof renderTemplate>;
  try {
    rendered = renderTemplate(message.template, message.payload, {
      publicUrl: ctx.config.publicUrl,
      brand: ctx.config.brand,
    });
  } catch (err) {
    // A template that cannot render will not render on the next attempt either.
    log.error({ err }, 'mail failed: template did not render');
    await markFailed(ctx.db, message.id, `Render: ${errorText(err)}`, leaseUntil);
    return 'failed';
  }

  try {
    // Inside the retry: a PDF that cannot be read now (a database blip) is tried again with the send.
    const attachments = await attachmentsFor(message.template, message.payload, ctx);
    await transport.send({
      id: message.id,
      template: message.template,
      from: ctx.config.mailFrom,
      to: message.recipient,
      ...rendered,
      attachments,
    });
  } catch (err) {
    const error = errorText(err);
    if (message.attempts >= MAIL_RETRY.maxAttempts) {
      log.error({ err: error, attempts: message.attempts }, 'mail failed: out of attempts');
      await markFailed(ctx.db, message.id, error, leaseUntil);
      return 'failed';
    }
    const next = new Date(ctx.clock.now().getTime() + retryDelayMs(message.attempts));
    log.warn({ err: error, attempts: message.attempts, nextAttemptAt: next }, 'mail not sent, will retry');
    await markRetry(ctx.db, message.id, error, next, leaseUntil);
    return 'retried';
  }
  await markSent(ctx.db, message.id, ctx.clock.now(), leaseUntil);
  log.info({ transport: transport.kind }, 'mail sent');
  return 'sent';
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The server's loop: a pass every `intervalMs`. The returned stop function waits for the current pass. */
export function startMailWorker(
  ctx: AppContext,
  options: { transport?: MailTransport; intervalMs?: number } = {},
): () => Promise<void> {
  const transport = options.transport ?? createTransport(ctx.config, ctx.log);
  const intervalMs = options.intervalMs ?? 1000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const running = (async () => {
    while (!stopping) {
      try {
        await processOutboxOnce(ctx, transport, { isStopping: () => stopping });
      } catch (err) {
        // The database may be briefly away; the next pass tries again.
        ctx.log.error({ err }, 'mail worker pass failed');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, intervalMs);
      });
    }
  })();

  return async () => {
    stopping = true;
    clearTimeout(timer);
    wake?.();
    await running;
    transport.close();
  };
}
