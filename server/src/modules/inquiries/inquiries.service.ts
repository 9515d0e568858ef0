import {
  INQUIRY_NEXT,
  INQUIRY_STATUSES,
  type InquiryStatus,
  type SaleInquiry,
} from '../../../../domain/inquiries.js';
import type { Executor } from '../../db/client.js';
import { requireRole } from '../../lib/access.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import type { Actor, AppContext, RequestInfo } from '../../lib/context.js';
import { emit } from '../../lib/domain-events.js';
import { enqueueMail } from '../../lib/outbox.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { ADMIN_NEW_INQUIRY, INQUIRY_CONFIRMATION } from './inquiries.mail.js';
import {
  adminEmails,
  findInquiryStatus,
  insertInquiry,
  listInquiries,
  transitionInquiry,
} from './inquiries.repository.js';

export const YEAR_MIN = 1950;
export const HOURS_MAX = 1_000_000;
export const INQUIRY_LIST_LIMIT = 500;

export interface InquiryInput {
  make?: string | null;
  model?: string | null;
  year?: number | string | null;
  hours?: number | string | null;
  location?: string | null;
  condition?: string | null;
  description?: string | null;
  transmission?: string | null;
  /** Already normalised by emailSchema. */
  email: string;
}

/** docs/product/selling.md#rules-and-limits: empty means none; numbers become integers. */
function blankToNull(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

function toInt(v: number | string | null | undefined): number | null | 'invalid' {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    if (v.trim() === '') return null;
    v = Number(v.trim());
  }
  if (!Number.isFinite(v)) return 'invalid';
  return Math.trunc(v);
}

export async function submitInquiry(ctx: AppContext, input: InquiryInput, request: RequestInfo) {
  const limited = await hitRateLimit(ctx.db, ctx.clock, `inquiry:ip:${request.ip}`, RATE_RULES.perIpForms);
  if (!limited.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
      retryAfterSeconds: limited.retryAfterSeconds,
    });
  }

  const yearMax = ctx.clock.now().getFullYear() + 1;
  const year = toInt(input.year);
  const hours = toInt(input.hours);
  const fields: Record<string, string> = {};
  if (year === 'invalid' || (year !== null && (year < YEAR_MIN || year > yearMax)))
    fields.year = `Year must be between ${YEAR_MIN} and ${yearMax}`;
  if (hours === 'invalid' || (hours !== null && hours > HOURS_MAX))
    fields.hours = 'Please enter the hours as a number';
  else if (hours !== null && hours < 0) fields.hours = 'Hours cannot be negative';
  const firstError = Object.values(fields)[0];
  if (firstError) throw new AppError('VALIDATION', firstError, { fields });

  return ctx.db.transaction(async (tx) => {
    const inquiry = await insertInquiry(tx, {
      make: blankToNull(input.make),
      model: blankToNull(input.model),
      year: year as number | null,
      hours: hours as number | null,
      location: blankToNull(input.location),
      condition: blankToNull(input.condition),
      description: blankToNull(input.description),
      transmission: blankToNull(input.transmission),
      email: input.email,
    });
    // The seller's confirmation and the admins' notice exist exactly when the inquiry does. The
    // confirmation goes to an address nobody proved is theirs: at most one a day per address and 20 a
    // day per client, else the inquiry is kept and only the admins hear of it (decision 0012).
    if (await confirmationAllowed(ctx, tx, inquiry.email, request.ip)) {
      await enqueueMail(tx, {
        template: INQUIRY_CONFIRMATION,
        to: inquiry.email,
        payload: { make: inquiry.make, year: inquiry.year },
      });
    }
    for (const to of await adminEmails(tx)) {
      await enqueueMail(tx, { template: ADMIN_NEW_INQUIRY, to, payload: mailFacts(inquiry) });
    }
    // Want-lists match it after commit (docs/product/want-lists.md#farmers-inquiries).
    await emit(tx, 'inquiry.received', {
      inquiryId: inquiry.id,
      make: inquiry.make,
      model: inquiry.model,
      year: inquiry.year,
      hours: inquiry.hours,
      location: inquiry.location,
    });
    return { id: inquiry.id };
  });
}

/** The ip is counted first, so a client over its allowance does not use up an address's daily one. */
async function confirmationAllowed(ctx: AppContext, tx: Executor, email: string, ip: string) {
  const byIp = await hitRateLimit(tx, ctx.clock, `inquiry-mail:ip:${ip}`, RATE_RULES.inquiryMailPerIp);
  if (!byIp.allowed) return false;
  const byAddress = await hitRateLimit(
    tx,
    ctx.clock,
    `inquiry-mail:to:${email}`,
    RATE_RULES.inquiryMailPerAddress,
  );
  return byAddress.allowed;
}

function mailFacts(i: SaleInquiry) {
  return {
    id: i.id,
    make: i.make,
    model: i.model,
    year: i.year,
    hours: i.hours,
    location: i.location,
    transmission: i.transmission,
    email: i.email,
  };
}

export async function listForAdmin(ctx: AppContext, actor: Actor): Promise<SaleInquiry[]> {
  requireRole(actor, 'admin');
  return listInquiries(ctx.db, INQUIRY_LIST_LIMIT);
}

/** The state machine of docs/product/selling.md#inquiry-status; the only way into `to` is from the one state that leads there. */
function sourceOf(to: InquiryStatus): InquiryStatus {
  return INQUIRY_STATUSES.find((s) => INQUIRY_NEXT[s].to === to) as InquiryStatus;
}

export async function changeInquiryStatus(
  ctx: AppContext,
  actor: Actor,
  id: string,
  to: InquiryStatus,
  request: RequestInfo,
): Promise<SaleInquiry> {
  requireRole(actor, 'admin');
  return ctx.db.transaction(async (tx) => {
    const from = sourceOf(to);
    const updated = await transitionInquiry(tx, id, from, to, ctx.clock.now());
    if (!updated) {
      const current = await findInquiryStatus(tx, id);
      if (!current) throw notFound('Inquiry not found');
      throw conflict(`This inquiry is ${current}; it cannot be marked as ${to}.`);
    }
    await audit(tx, {
      action: 'inquiry.status_changed',
      resourceType: 'sale_inquiry',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      details: { inquiryId: id, from, to },
      request,
    });
    return updated;
  });
}
