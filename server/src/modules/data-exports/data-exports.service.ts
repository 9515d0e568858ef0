import {
  DATA_EXPORT_LINK_DAYS,
  DATA_EXPORT_TEXT,
  DATA_EXPORTS_PER_DAY,
  type DataExportView,
} from '../../../../domain/data-exports.js';
import { requireRole } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { storageFor } from '../../lib/storage.js';
import { currentMembership } from '../dealerships/index.js';
import { DATA_EXPORT_READY_MAIL } from './data-exports.mail.js';
import * as repo from './data-exports.repository.js';
import * as exportRepo from './export.repository.js';
import { buildDealershipExport } from './export-build.js';

/** docs/product/accounts.md#download-all-our-data */

const DAY_MS = 24 * 3600_000;
/** A claimed export comes back to the queue after this long if its worker died mid-build. */
export const EXPORT_LEASE_MS = 15 * 60_000;
/** Tries before an export is marked failed (the owner asks again). */
export const EXPORT_MAX_ATTEMPTS = 3;

function toView(row: repo.DataExportRow, now: Date): DataExportView {
  const state =
    row.status !== 'ready'
      ? row.status
      : row.downloadedAt
        ? 'downloaded'
        : row.expiresAt && row.expiresAt <= now
          ? 'expired'
          : 'ready';
  return {
    id: row.id,
    state,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The owner's membership; any other member is refused (only the owner may take every record away). */
async function ownerOf(ctx: AppContext, actor: Actor) {
  requireRole(actor, 'dealer', 'admin');
  const m = await currentMembership(ctx.db, actor, ctx.clock.now());
  if (m.role !== 'owner') throw new AppError('FORBIDDEN', DATA_EXPORT_TEXT.notOwner);
  return m;
}

export async function latestExport(ctx: AppContext, actor: Actor): Promise<DataExportView | null> {
  const m = await ownerOf(ctx, actor);
  const row = await repo.latestOf(ctx.db, m.dealershipId);
  return row ? toView(row, ctx.clock.now()) : null;
}

/** Queues the build; asking again while one is queued or being built answers that one. */
export async function requestExport(
  ctx: AppContext,
  actor: Actor,
  request: RequestInfo,
): Promise<DataExportView> {
  const m = await ownerOf(ctx, actor);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const created = await repo.insertQueued(tx, m.dealershipId, actor.userId, now);
    if (created) {
      // Counted only for a new export (asking while one is prepared answers that one).
      const hit = await hitRateLimit(tx, ctx.clock, `data-export:${m.dealershipId}`, {
        limit: DATA_EXPORTS_PER_DAY,
        windowMs: DAY_MS,
        blockMs: 1000,
      });
      if (!hit.allowed)
        throw new AppError('RATE_LIMITED', DATA_EXPORT_TEXT.tooMany, {
          retryAfterSeconds: hit.retryAfterSeconds,
        });
      await audit(tx, {
        action: 'data_export.requested',
        resourceType: 'dealership',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        details: { dealershipId: m.dealershipId, exportId: created.id },
        request,
      });
    }
    const row = created ?? (await repo.latestOf(tx, m.dealershipId));
    if (!row) throw new AppError('CONFLICT', DATA_EXPORT_TEXT.failed);
    return toView(row, now);
  });
}

const storageKey = (id: string) => `exports/${id}.zip`;

/**
 * One pass of the worker: claims due exports one at a time, builds each ZIP, stores it and e-mails the owner's link
 * in the transaction that marks it ready. Returns how many were made ready.
 */
export async function processExportsOnce(
  ctx: AppContext,
  options: { isStopping?: () => boolean } = {},
): Promise<number> {
  let ready = 0;
  for (;;) {
    if (options.isStopping?.()) return ready;
    const now = ctx.clock.now();
    const leaseUntil = new Date(now.getTime() + EXPORT_LEASE_MS);
    const claimed = await repo.claimDue(ctx.db, now, leaseUntil);
    if (!claimed) return ready;
    const log = ctx.log.child({ dataExportId: claimed.id });
    try {
      const started = Date.now();
      const built = await buildDealershipExport(ctx, claimed.dealershipId, now);
      const key = storageKey(claimed.id);
      await storageFor(ctx.config).put(key, Buffer.from(built.zip), 'application/zip');
      const token = randomToken();
      const readyAt = ctx.clock.now();
      const done = await ctx.db.transaction(async (tx) => {
        const dealership = await exportRepo.dealershipOf(tx, claimed.dealershipId);
        const [owner] = await exportRepo.accounts(tx, [claimed.requestedBy]);
        const ok = await repo.markReady(tx, claimed.id, leaseUntil, {
          storageKey: key,
          sizeBytes: built.zip.length,
          tokenHash: sha256(token),
          readyAt,
          expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS),
        });
        if (!ok || !owner) return false;
        await enqueueMail(tx, {
          template: DATA_EXPORT_READY_MAIL,
          to: owner.email,
          payload: {
            token,
            dealershipName: dealership?.name ?? '',
            days: DATA_EXPORT_LINK_DAYS,
            sizeBytes: built.zip.length,
          },
        });
        return true;
      });
      // The token is in the outbox row only; the log names the export, never its link.
      log.info({ bytes: built.zip.length, ms: Date.now() - started, ready: done }, 'data export built');
      if (done) ready += 1;
    } catch (err) {
      const failed = claimed.attempts >= EXPORT_MAX_ATTEMPTS;
      log.error({ err, attempts: claimed.attempts, failed }, 'data export not built');
      await repo.markRetryOrFailed(ctx.db, claimed.id, leaseUntil, errorText(err), failed);
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The e-mailed link's one use (POST, so a mail scanner opening the page cannot spend it): the ZIP, then the
 * stored file is removed. Unknown, used and expired links get the same answer.
 */
export async function downloadExport(
  ctx: AppContext,
  token: string,
  request: RequestInfo,
): Promise<{ data: Buffer; filename: string }> {
  const now = ctx.clock.now();
  const row = await repo.readyByToken(ctx.db, sha256(token), now);
  if (!row?.storageKey) throw new AppError('NOT_FOUND', DATA_EXPORT_TEXT.linkInvalid);
  const storage = storageFor(ctx.config);
  const data = await storage.get(row.storageKey);
  if (!data) throw new AppError('NOT_FOUND', DATA_EXPORT_TEXT.linkInvalid);
  const used = await ctx.db.transaction(async (tx) => {
    if (!(await repo.consume(tx, row.id, now))) return false;
    await audit(tx, {
      action: 'data_export.downloaded',
      resourceType: 'dealership',
      actorUserId: row.requestedBy,
      details: { dealershipId: row.dealershipId, exportId: row.id },
      request,
    });
    return true;
  });
  if (!used) throw new AppError('NOT_FOUND', DATA_EXPORT_TEXT.linkInvalid);
  await storage.delete([row.storageKey]);
  return { data, filename: `fieldlot-data-${(row.readyAt ?? now).toISOString().slice(0, 10)}.zip` };
}

/** The server's loop: a pass every `intervalMs`. The returned stop function waits for the current pass. */
export function startDataExportWorker(ctx: AppContext, intervalMs = 5000): () => Promise<void> {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const running = (async () => {
    while (!stopping) {
      try {
        await processExportsOnce(ctx, { isStopping: () => stopping });
      } catch (err) {
        // The database may be briefly away; the next pass tries again.
        ctx.log.error({ err }, 'data export pass failed');
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
  };
}
