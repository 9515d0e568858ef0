import { and, desc, eq } from 'drizzle-orm';
import type { InquiryStatus, SaleInquiry } from '../../../../domain/inquiries.js';
import type { Executor } from '../../db/client.js';
import { saleInquiries } from '../../db/schema.js';

export type NewInquiry = Omit<SaleInquiry, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

const columns = {
  id: saleInquiries.id,
  make: saleInquiries.make,
  model: saleInquiries.model,
  year: saleInquiries.year,
  hours: saleInquiries.hours,
  location: saleInquiries.location,
  condition: saleInquiries.condition,
  description: saleInquiries.description,
  email: saleInquiries.email,
  transmission: saleInquiries.transmission,
  status: saleInquiries.status,
  createdAt: saleInquiries.createdAt,
  updatedAt: saleInquiries.updatedAt,
};

type Row = Omit<SaleInquiry, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

function toView(r: Row): SaleInquiry {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function insertInquiry(exec: Executor, row: NewInquiry): Promise<SaleInquiry> {
  const [created] = await exec.insert(saleInquiries).values(row).returning(columns);
  return toView(created);
}

/** Newest first; the admin list is bounded so a flood of inquiries cannot make the page unusable. */
export async function listInquiries(exec: Executor, limit: number): Promise<SaleInquiry[]> {
  const rows = await exec
    .select(columns)
    .from(saleInquiries)
    .orderBy(desc(saleInquiries.createdAt), desc(saleInquiries.id))
    .limit(limit);
  return rows.map(toView);
}

/** Conditional update: moves the inquiry only if it is still in `from` (two admins at once: one wins). */
export async function transitionInquiry(
  exec: Executor,
  id: string,
  from: InquiryStatus,
  to: InquiryStatus,
  now: Date,
): Promise<SaleInquiry | null> {
  const [row] = await exec
    .update(saleInquiries)
    .set({ status: to, updatedAt: now })
    .where(and(eq(saleInquiries.id, id), eq(saleInquiries.status, from)))
    .returning(columns);
  return row ? toView(row) : null;
}

export async function findInquiryStatus(exec: Executor, id: string): Promise<InquiryStatus | null> {
  const [row] = await exec
    .select({ status: saleInquiries.status })
    .from(saleInquiries)
    .where(eq(saleInquiries.id, id));
  return row?.status ?? null;
}

export { adminEmails } from '../users/index.js';
