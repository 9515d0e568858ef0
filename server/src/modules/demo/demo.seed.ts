import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OfferStatus } from '../../../../domain/offers.js';
import { jobRuns, listings, offers, saleInquiries, users } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { hashPassword } from '../../lib/password-hash.js';
import { seedDemoReports } from '../inspections/index.js';
import { createPurchaseForAcceptedOffer } from '../purchases/index.js';
import { addBrandSearches } from '../saved-searches/index.js';
import { DEMO_DEALERS, DEMO_INQUIRIES, DEMO_INSPECTOR, DEMO_PASSWORD } from './demo.data.js';
import { seedDealerListings } from './demo.dealer-listings.js';
import { seedDemoImages } from './demo.images.js';
import { buildDemoListings } from './demo.listings.js';
import { seedDemoSales } from './demo.sales.js';
import { DEMO_YARDS } from './demo.yards.js';

export const DEMO_IMAGES_JOB = { name: 'demo-seed', runKey: 'images' };

export interface DemoSeedResult {
  /** Printed by server.ts at start. */
  signInLines: string[];
  /** True when this call created the rows (first start on an empty database). */
  seeded: boolean;
  /** Resolves when the generated listing pictures are stored (runs in the background). */
  images: Promise<number>;
}

const DAY = 86_400_000;

/**
 * Demo data for the embedded default: four dealers, about 60 listings owned by the administrator, offers in
 * every status and sale inquiries. Seeds only when there is no listing at all; the pictures are drawn and
 * stored afterwards, in the background, and resumed on the next start if the process stopped half way.
 */
export async function seedDemoData(ctx: AppContext, signal?: AbortSignal): Promise<DemoSeedResult> {
  const signInLines = [
    ...DEMO_DEALERS.map((d) => `Demo dealer (${d.status}): ${d.email} / ${DEMO_PASSWORD}`),
    `Demo inspector: ${DEMO_INSPECTOR.email} / ${DEMO_PASSWORD} (condition reports at /inspect)`,
  ];
  const [owner] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.status, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const [anyListing] = await ctx.db.select({ id: listings.id }).from(listings).limit(1);
  let seeded = false;
  if (owner && !anyListing) {
    await seedRows(ctx, owner.id);
    seeded = true;
  } else await fillDemoYards(ctx);
  // The sales history of FieldLot Value and the market pages; also for demo databases seeded before it existed.
  await seedDemoSales(ctx);
  const images = resumeImages(ctx, signal);
  return { signInLines, seeded, images };
}

/**
 * A demo database seeded before listings had yards: each listing with neither a ZIP nor a yard gets its
 * state's demo yard, so delivery estimates work there too (decision 0041). Only the demo runs this.
 */
async function fillDemoYards(ctx: AppContext): Promise<void> {
  for (const [state, yard] of Object.entries(DEMO_YARDS))
    await ctx.db
      .update(listings)
      .set(yard)
      .where(and(eq(listings.location, state), isNull(listings.zip), isNull(listings.yardAddress)));
}

async function resumeImages(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const [job] = await ctx.db
    .select({ startedAt: jobRuns.startedAt, finishedAt: jobRuns.finishedAt })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, DEMO_IMAGES_JOB.name), eq(jobRuns.runKey, DEMO_IMAGES_JOB.runKey)));
  if (!job || job.finishedAt) return 0;
  const started = Date.now();
  try {
    const count = await seedDemoImages(ctx, job.startedAt, signal);
    if (signal?.aborted) return count;
    await ctx.db
      .update(jobRuns)
      .set({ finishedAt: ctx.clock.now(), result: { images: count } })
      .where(and(eq(jobRuns.name, DEMO_IMAGES_JOB.name), eq(jobRuns.runKey, DEMO_IMAGES_JOB.runKey)));
    ctx.log.info({ images: count, ms: Date.now() - started }, 'demo listing images ready');
    return count;
  } catch (err) {
    ctx.log.error({ err }, 'demo listing images failed; they are retried at the next start');
    return 0;
  }
}

async function seedRows(ctx: AppContext, ownerId: string): Promise<void> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(
        DEMO_DEALERS.map((d, i) => ({
          email: d.email,
          name: d.name,
          companyName: d.companyName,
          status: d.status,
          desiredBrand1: d.brands[0],
          passwordHash,
          createdAt: new Date(now.getTime() - (40 - i * 9) * DAY),
        })),
      )
      .onConflictDoNothing({ target: users.email });
    const dealerRows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_DEALERS.map((d) => d.email),
        ),
      );
    const dealerId = (email: string) => dealerRows.find((r) => r.email === email)!.id;
    // Their brands are saved searches (decision 0021), in the daily e-mail.
    for (const d of DEMO_DEALERS)
      await addBrandSearches(tx, dealerId(d.email), d.brands, 'daily', ctx.clock.now());

    const [inspector] = await tx
      .insert(users)
      .values({ ...DEMO_INSPECTOR, status: 'inspector', passwordHash, emailNotifications: false })
      .onConflictDoUpdate({ target: users.email, set: { status: 'inspector' } })
      .returning({ id: users.id, name: users.name });

    const rows = buildDemoListings(ownerId, now);
    const inserted = await tx.insert(listings).values(rows).returning({
      id: listings.id,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      hours: listings.hours,
      condition: listings.condition,
      description: listings.description,
      frontLoader: listings.frontLoader,
      gps: listings.gps,
      frontPto: listings.frontPto,
      frontLinkage: listings.frontLinkage,
      midMountValves: listings.midMountValves,
      rearTyreSize: listings.rearTyreSize,
      priceCents: listings.priceCents,
      createdAt: listings.createdAt,
    });
    // Every demo tractor carries a published condition report, before any offer freezes one.
    await seedDemoReports(tx, inserted, inspector);
    const byModel = (model: string) => inserted.find((l) => l.model === model)!;

    const a = dealerId('dealer@fieldlot.example');
    const b = dealerId('dealer2@fieldlot.example');
    const offer = (
      model: string,
      buyer: string,
      status: OfferStatus,
      pct: number,
      daysAfter: number,
      message: string,
      extra: Partial<typeof offers.$inferInsert> = {},
    ): typeof offers.$inferInsert => {
      const l = byModel(model);
      const created = new Date(Math.min(l.createdAt.getTime() + daysAfter * DAY, now.getTime() - 3_600_000));
      return {
        listingId: l.id,
        buyerUserId: buyer,
        sellerUserId: ownerId,
        offerType: pct >= 1 ? 'buy_now' : 'offer',
        offerAmountCents: Math.round((l.priceCents * pct) / 50_000) * 50_000,
        originalPriceCents: l.priceCents,
        message,
        status,
        createdAt: created,
        updatedAt: new Date(Math.min(created.getTime() + DAY, now.getTime())),
        ...extra,
      };
    };
    const sold = byModel('M7-172');
    const counter = (model: string, pct: number) =>
      Math.round((byModel(model).priceCents * pct) / 50_000) * 50_000;
    const seededOffers = await tx
      .insert(offers)
      .values([
        offer('M7-172', a, 'accepted', 0.94, 2, 'Can pick up with our own truck next week.', {
          acceptedAt: new Date(sold.createdAt.getTime() + 3 * DAY),
        }),
        offer('M7-172', b, 'rejected', 0.88, 1, 'Would you take this for a quick deal?'),
        offer('6155M', a, 'pending', 0.92, 1, 'We have a customer waiting for a 6155M with loader brackets.'),
        offer('Magnum 340', a, 'countered', 0.85, 2, 'Price reflects the tire wear shown in the photos.', {
          counterOfferAmountCents: counter('Magnum 340', 0.93),
          counterMessage: 'Rear tires were replaced last season; we can meet you here.',
        }),
        offer('T7.315 HD', a, 'withdrawn', 0.9, 1, 'Interested if it is still available.'),
        offer('724 Vario', a, 'rejected', 0.78, 3, 'Best we can do given the hours.'),
        offer('L3901', b, 'pending', 1, 1, 'Buy now, please arrange trucking to Kansas.'),
        offer('942 Vario', b, 'countered', 0.87, 2, 'Offer for a retail customer, financing approved.', {
          counterOfferAmountCents: counter('942 Vario', 0.95),
          counterMessage: 'Freshly serviced with new front tires; this is our floor.',
        }),
        // Replaced by the same dealer's newer offer a day later (one open offer per dealer per listing).
        offer('8R 410', b, 'replaced', 0.85, 0, 'Opening offer, flexible on pickup.'),
        offer('8R 410', b, 'pending', 0.9, 1, 'Could you share the condition report?'),
        offer('Axion 870', b, 'withdrawn', 0.86, 2, ''),
        // Left unanswered past OFFER_TTL_HOURS (dealer-tools.md#offers-that-expire).
        offer('Axion 870', a, 'expired', 0.84, 1, 'Can you hold it until Friday?'),
      ])
      .returning({ id: offers.id, status: offers.status, acceptedAt: offers.acceptedAt });
    // Every accepted offer has its purchase (docs/product/purchases.md), opened without e-mail (the seed sells its listings itself).
    const openPurchases = async (accepted: Array<{ id: string; acceptedAt: Date | null }>) => {
      for (const o of accepted)
        await createPurchaseForAcceptedOffer(tx, ctx, {
          offerId: o.id,
          actor: { userId: ownerId, email: 'demo-seed', name: 'Demo seed', status: 'admin' },
          request: { ip: '127.0.0.1', userAgent: 'demo seed' },
          now: o.acceptedAt ?? now,
        });
    };
    await openPurchases(seededOffers.filter((x) => x.status === 'accepted'));
    await tx
      .update(listings)
      .set({ status: 'sold', soldAt: new Date(sold.createdAt.getTime() + 3 * DAY) })
      .where(eq(listings.id, sold.id));
    // The two approved dealers sell trade-ins of their own, one in each stage.
    // ...and their sold ones have their purchase, which the seller reads on My Listings.
    await openPurchases(await seedDealerListings(tx, { a, b }, now));

    await tx.insert(saleInquiries).values(
      DEMO_INQUIRIES.map((q, i) => ({
        ...q,
        transmission: q.transmission ?? undefined,
        condition: i % 2 ? 'Good' : 'Very Good',
        description: `${q.year} ${q.make} ${q.model} with ${q.hours.toLocaleString('en-US')} hours, ready to sell.`,
        createdAt: new Date(now.getTime() - (i * 3 + 1) * DAY),
      })),
    );
    await tx
      .insert(jobRuns)
      .values({ ...DEMO_IMAGES_JOB, startedAt: now })
      .onConflictDoUpdate({
        target: [jobRuns.name, jobRuns.runKey],
        set: { startedAt: now, finishedAt: null },
      });
  });
  ctx.log.info({ listings: 60 }, 'demo data seeded');
}

/** For tests: listings without any image. */
export async function listingsWithoutImages(ctx: AppContext): Promise<number> {
  const result = await ctx.db.execute(
    sql`select count(*)::int as n from tractor_listings l where not exists (select 1 from tractor_images i where i.listing_id = l.id)`,
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
}
