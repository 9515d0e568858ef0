import { and, eq, sql } from 'drizzle-orm';
import type { OfferStatus } from '../../../../domain/offers.js';
import type { App } from '../../app.js';
import { listings, offers, outbox } from '../../db/schema.js';

/** Test helpers: listings are inserted directly (the listings API is another module's). */
export async function insertListing(
  app: App,
  ownerId: string,
  opts: { priceCents?: number; status?: 'active' | 'inactive' | 'sold'; make?: string; model?: string } = {},
): Promise<string> {
  const [row] = await app.ctx.db
    .insert(listings)
    .values({
      userId: ownerId,
      make: opts.make ?? 'John Deere',
      model: opts.model ?? '6155R',
      year: 2019,
      hours: 4250,
      priceCents: opts.priceCents ?? 48_500_00,
      location: 'Iowa',
      condition: 'Very Good',
      status: opts.status ?? 'active',
    })
    .returning({ id: listings.id });
  return row.id;
}

export async function offerRow(app: App, id: string) {
  const [row] = await app.ctx.db
    .select({
      status: offers.status,
      offerAmountCents: offers.offerAmountCents,
      counterOfferAmountCents: offers.counterOfferAmountCents,
      counterMessage: offers.counterMessage,
      buyerUserId: offers.buyerUserId,
      acceptedAt: offers.acceptedAt,
    })
    .from(offers)
    .where(eq(offers.id, id));
  return row;
}

export async function listingRow(app: App, id: string) {
  const [row] = await app.ctx.db
    .select({ status: listings.status, soldAt: listings.soldAt })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

export async function countOffers(app: App, where?: { listingId?: string; status?: OfferStatus }) {
  const [row] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        where?.listingId ? eq(offers.listingId, where.listingId) : undefined,
        where?.status ? eq(offers.status, where.status) : undefined,
      ),
    );
  return row.n;
}

export async function mailsTo(app: App, recipient: string, template?: string) {
  return app.ctx.db
    .select({ template: outbox.template, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), template ? eq(outbox.template, template) : undefined));
}

/** Puts an offer straight into a status (to test transitions from every state). */
export async function forceStatus(app: App, id: string, status: OfferStatus) {
  await app.ctx.db
    .update(offers)
    .set({
      status,
      ...(status === 'countered'
        ? { counterOfferAmountCents: 45_000_00, counterMessage: 'Meet me here' }
        : {}),
    })
    .where(eq(offers.id, id));
}

/** A pending offer written directly (tests of transitions need many; creation has its own tests and limit). */
export async function insertOffer(
  app: App,
  o: { listingId: string; buyerUserId: string; sellerUserId: string; amountCents?: number },
): Promise<string> {
  const [row] = await app.ctx.db
    .insert(offers)
    .values({
      listingId: o.listingId,
      buyerUserId: o.buyerUserId,
      sellerUserId: o.sellerUserId,
      offerType: 'offer',
      offerAmountCents: o.amountCents ?? 45_000_00,
      originalPriceCents: 48_500_00,
    })
    .returning({ id: offers.id });
  return row.id;
}
