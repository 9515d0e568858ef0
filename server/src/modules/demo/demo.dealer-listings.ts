import { eq } from 'drizzle-orm';
import type { ReviewStatus } from '../../../../domain/dealer-listings.js';
import type { Tx } from '../../db/client.js';
import { listings, offers, users } from '../../db/schema.js';
import { demoYard } from './demo.yards.js';

const DAY = 86_400_000;

type Stage = 'draft' | 'in_review' | 'changes_requested' | 'live' | 'sold';

/**
 * Dealers selling (docs/product/dealer-selling.md#demo): each of the two approved demo dealers sells a few
 * trade-ins of their own, one in each stage, so every seller screen has something to show. Live and sold ones
 * are "Sold as-is, not inspected" (decision 0018); the other dealer made the offers.
 */
const DEALER_TRADE_INS: Array<{
  seller: 'a' | 'b';
  stage: Stage;
  make: string;
  model: string;
  year: number;
  hours: number;
  price: number;
  floor?: number;
  location: string;
  condition: 'Excellent' | 'Very Good' | 'Good' | 'Fair';
  description: string;
}> = [
  {
    seller: 'a',
    stage: 'draft',
    make: 'John Deere',
    model: '5075E',
    year: 2019,
    hours: 1840,
    price: 38_500,
    location: 'Iowa',
    condition: 'Good',
    description: 'Customer trade-in on a new 6R; loader brackets, one owner. Photos to follow.',
  },
  {
    seller: 'a',
    stage: 'in_review',
    make: 'Case IH',
    model: 'Farmall 75C',
    year: 2020,
    hours: 1320,
    price: 36_900,
    floor: 33_000,
    location: 'Iowa',
    condition: 'Very Good',
    description: 'Trade-in from a hay operation, shedded, new rear tires last spring.',
  },
  {
    seller: 'a',
    stage: 'live',
    make: 'John Deere',
    model: '6155M',
    year: 2018,
    hours: 4620,
    price: 118_000,
    floor: 105_000,
    location: 'Iowa',
    condition: 'Good',
    description: 'Dealer trade-in with AutoQuad Plus and front suspension; serviced in our shop.',
  },
  {
    seller: 'a',
    stage: 'sold',
    make: 'Kubota',
    model: 'M5-111',
    year: 2019,
    hours: 2210,
    price: 61_500,
    location: 'Iowa',
    condition: 'Very Good',
    description: 'Trade-in, cab with air, loader-ready. Sold to a fellow dealer.',
  },
  {
    seller: 'b',
    stage: 'changes_requested',
    make: 'New Holland',
    model: 'T7.315 HD',
    year: 2017,
    hours: 6100,
    price: 142_000,
    location: 'Nebraska',
    condition: 'Fair',
    description: 'High-hour row-crop tractor, trade-in from a custom operator.',
  },
  {
    seller: 'b',
    stage: 'in_review',
    make: 'Massey Ferguson',
    model: '8732S',
    year: 2020,
    hours: 2900,
    price: 189_000,
    location: 'Nebraska',
    condition: 'Very Good',
    description: 'Dyna-VT, front linkage and PTO, trade-in on a new 8S.',
  },
  {
    seller: 'b',
    stage: 'live',
    make: 'Fendt',
    model: '724 Vario',
    year: 2018,
    hours: 5200,
    price: 164_000,
    floor: 150_000,
    location: 'Nebraska',
    condition: 'Good',
    description: 'Fendt trade-in with VarioGuide, new front tires, ready to work.',
  },
  {
    seller: 'b',
    stage: 'sold',
    make: 'New Holland',
    model: 'Workmaster 75',
    year: 2021,
    hours: 780,
    price: 41_000,
    location: 'Nebraska',
    condition: 'Excellent',
    description: 'Low-hour utility tractor with loader, trade-in from a hobby farm.',
  },
];

const REVIEW: Record<Stage, ReviewStatus> = {
  draft: 'draft',
  in_review: 'in_review',
  changes_requested: 'changes_requested',
  live: 'approved',
  sold: 'approved',
};

/** Inserts the dealers' own listings with their offers; returns the accepted offers (each needs its purchase). */
export async function seedDealerListings(
  tx: Tx,
  dealers: { a: string; b: string },
  now: Date,
): Promise<Array<{ id: string; acceptedAt: Date | null }>> {
  const accepted: Array<{ id: string; acceptedAt: Date | null }> = [];
  for (const [id, state] of [
    [dealers.a, 'IA'],
    [dealers.b, 'NE'],
  ] as const)
    await tx.update(users).set({ state }).where(eq(users.id, id));
  for (const [i, t] of DEALER_TRADE_INS.entries()) {
    const seller = dealers[t.seller];
    const buyer = t.seller === 'a' ? dealers.b : dealers.a;
    const created = new Date(now.getTime() - (12 - i) * DAY);
    const onSale = t.stage === 'live' || t.stage === 'sold';
    const [row] = await tx
      .insert(listings)
      .values({
        userId: seller,
        sellerUserId: seller,
        reviewStatus: REVIEW[t.stage],
        make: t.make,
        model: t.model,
        year: t.year,
        hours: t.hours,
        priceCents: t.price * 100,
        floorPriceCents: t.floor ? t.floor * 100 : null,
        location: t.location,
        ...demoYard(t.location),
        condition: t.condition,
        description: t.description,
        status: t.stage === 'live' ? 'active' : t.stage === 'sold' ? 'sold' : 'inactive',
        asIsReason: onSale ? 'Dealer trade-in, sold as seen' : null,
        changeRequestReason:
          t.stage === 'changes_requested'
            ? 'Please add photos of the cab and the rear tires, and the engine hours on the meter.'
            : null,
        submittedAt: t.stage === 'draft' ? null : new Date(created.getTime() + DAY / 2),
        soldAt: t.stage === 'sold' ? new Date(created.getTime() + 3 * DAY) : null,
        createdAt: created,
        updatedAt: new Date(created.getTime() + DAY),
      })
      .returning({ id: listings.id });
    if (!onSale) continue;
    const base = {
      listingId: row.id,
      buyerUserId: buyer,
      sellerUserId: seller,
      offerType: 'offer' as const,
      originalPriceCents: t.price * 100,
      createdAt: new Date(created.getTime() + 2 * DAY),
      updatedAt: new Date(created.getTime() + 2 * DAY),
    };
    const [offer] = await tx
      .insert(offers)
      .values(
        t.stage === 'sold'
          ? {
              ...base,
              offerAmountCents: Math.round(t.price * 0.95) * 100,
              message: 'We have a customer for it, can pick up this week.',
              status: 'accepted' as const,
              acceptedAt: new Date(created.getTime() + 3 * DAY),
            }
          : {
              ...base,
              offerAmountCents: Math.round(t.price * 0.93) * 100,
              message: 'Would you take this? Trucking is arranged.',
              status: 'pending' as const,
            },
      )
      .returning({ id: offers.id, status: offers.status, acceptedAt: offers.acceptedAt });
    if (offer.status === 'accepted') accepted.push(offer);
  }
  return accepted;
}
