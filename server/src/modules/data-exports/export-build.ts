import { strToU8, type Zippable, zipSync } from 'fflate';
import { tractorName } from '../../../../domain/listings.js';
import type { Actor, AppContext } from '../../lib/context.js';
import { reportFilesOf } from '../inspections/index.js';
import { listSellerOffers } from '../offers/index.js';
import { boughtPurchaseDocuments, soldPurchases } from '../purchases/index.js';
import { toCsv } from './csv.js';
import * as repo from './export.repository.js';
import { EXPORTED_TABLES } from './export-tables.js';

// docs/product/accounts.md#download-all-our-data: what the ZIP holds. Every read is scoped to the dealership or its
// current members; the other side of a deal is named only as the dealer's own screens name it.

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const dollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

export interface BuiltExport {
  zip: Uint8Array;
  /** Every file of the ZIP, and how many records each JSON file holds (for the README and the tests). */
  files: Record<string, number>;
}

export async function buildDealershipExport(
  ctx: AppContext,
  dealershipId: string,
  now: Date,
): Promise<BuiltExport> {
  const db = ctx.db;
  const dealership = await repo.dealershipOf(db, dealershipId);
  if (!dealership) throw new Error('Dealership not found');
  const team = await repo.memberships(db, dealershipId);
  const current = team.filter((m) => m.removedAt === null);
  const userIds = current.map((m) => m.userId);
  const members = await repo.accounts(db, userIds);

  const out: Zippable = {};
  const counts: Record<string, number> = {};
  const put = (name: string, rows: unknown[] | Record<string, unknown>) => {
    out[name] = [json(rows), { level: 6 }];
    counts[name] = Array.isArray(rows) ? rows.length : 1;
  };
  const putRaw = (name: string, data: Uint8Array, level: 0 | 6) => {
    out[name] = [data, { level }];
    counts[name] = 1;
  };

  // ---------------------------------------------------------------- account and team
  put('account/dealership.json', dealership);
  put('account/members.json', members);
  put('account/brand-preferences.json', await repo.brandPreferences(db, userIds));
  put('account/sign-ins.json', await repo.signIns(db, userIds));
  put('account/data-exports.json', await repo.exportsOf(db, dealershipId));
  put('team/memberships.json', team);
  put('team/invitations.json', await repo.invitations(db, dealershipId));

  // ---------------------------------------------------------------- listings and offers
  const ownListings = await repo.listingsOf(db, userIds);
  put('listings/listings.json', ownListings);
  const made = await repo.offersMade(db, dealershipId);
  put('offers/made.json', made);
  // Offers on the members' tractors, as the seller's screen shows them.
  const received = [];
  for (const member of members) {
    const actor: Actor = { userId: member.id, email: member.email, name: member.name, status: member.status };
    if (member.status !== 'approved') continue;
    received.push(...(await listSellerOffers(ctx, actor)).items);
  }
  put('offers/received.json', received);

  // ---------------------------------------------------------------- purchases, ledger, documents
  const bought = await repo.purchasesBought(db, dealershipId);
  const boughtIds = bought.map((p) => p.id);
  const parts = await repo.purchaseParts(db, boughtIds);
  const byPurchase = <T extends { purchaseId: string }>(rows: T[], id: string) =>
    rows.filter((r) => r.purchaseId === id);
  put(
    'purchases/bought.json',
    bought.map((p) => ({
      ...p,
      timeline: byPurchase(parts.events, p.id),
      claims: byPurchase(parts.claims, p.id),
      invoices: byPurchase(parts.invoices, p.id),
      creditNotes: byPurchase(parts.creditNotes, p.id),
    })),
  );
  const sold = [];
  for (const member of members) {
    if (member.status !== 'approved') continue;
    const actor: Actor = { userId: member.id, email: member.email, name: member.name, status: member.status };
    sold.push(...(await soldPurchases(ctx, actor)));
  }
  put('purchases/sold.json', sold);
  const soldIds = await repo.soldPurchaseIds(db, userIds);
  const ledger = await repo.ledgerEntries(db, boughtIds, soldIds);
  put('purchases/ledger.json', [
    ...ledger.bought.map((e) => ({ side: 'bought', ...e })),
    ...ledger.sold.map((e) => ({ side: 'sold', ...e })),
  ]);
  for (const file of await boughtPurchaseDocuments(ctx, boughtIds)) {
    putRaw(`documents/${safeName(file.name)}`, file.content, 0);
  }

  // ---------------------------------------------------------------- condition reports on their tractors
  const reports = await reportFilesOf(ctx, await repo.reportListingIds(db, userIds, dealershipId));
  put(
    'reports/reports.json',
    reports.map((r) => ({
      listingId: r.listingId,
      number: r.number,
      publishedAt: r.publishedAt,
      report: r.report,
    })),
  );
  for (const r of reports) putRaw(`reports/report-${r.listingId}-r${r.number}.pdf`, r.pdf, 0);

  // ---------------------------------------------------------------- dealer tools and notices
  put('dealer-tools/watchlist.json', await repo.watchlist(db, dealershipId));
  put('timed-sales/bids.json', await repo.timedSaleBidsOf(db, dealershipId, userIds));
  put('timed-sales/lots.json', await repo.timedSaleLotsOf(db, userIds));
  put('dealer-tools/recently-viewed.json', await repo.recentlyViewed(db, userIds));
  put('dealer-tools/saved-searches.json', await repo.savedSearchesOf(db, userIds));
  put('dealer-tools/want-lists.json', await repo.wantListsOf(db, userIds, dealershipId));
  put('dealer-tools/farmer-tractor-matches.json', await repo.inquiryMatchesOf(db, userIds, dealershipId));
  put('dealer-tools/first-looks.json', await repo.firstLooks(db, dealershipId));
  put('notices/listing-alerts-sent.json', await repo.listingAlertsSent(db, userIds));
  put(
    'notices/emails.json',
    await repo.emailsTo(
      db,
      members.map((m) => m.email),
    ),
  );
  const memberIds = new Set(userIds);
  put(
    'audit/audit-log.json',
    (await repo.auditRows(db, userIds, dealershipId)).map((a) =>
      a.actorUserId && memberIds.has(a.actorUserId)
        ? a
        : // Another person acted (FieldLot's staff): the row without who they are or where they were.
          {
            ...a,
            actorUserId: null,
            actorEmail: null,
            ip: null,
            details: withoutUserAgent(a.details),
            actor: 'FieldLot',
          },
    ),
  );

  // ---------------------------------------------------------------- spreadsheets
  putRaw('spreadsheets/offers.csv', strToU8(offersCsv(made, received)), 6);
  putRaw('spreadsheets/purchases.csv', strToU8(purchasesCsv(bought, sold)), 6);
  putRaw('spreadsheets/ledger.csv', strToU8(ledgerCsv(ledger, bought, sold)), 6);
  putRaw('README.txt', strToU8(readme(dealership.name, now, counts)), 6);

  return { zip: zipSync(out, { mtime: now }), files: counts };
}

function safeName(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9.-]+/g, '-');
}

function withoutUserAgent(details: unknown) {
  if (!details || typeof details !== 'object') return details;
  const { userAgent: _ua, ...rest } = details as Record<string, unknown>;
  return rest;
}

type Made = Awaited<ReturnType<typeof repo.offersMade>>;
type Received = Awaited<ReturnType<typeof listSellerOffers>>['items'];
type Bought = Awaited<ReturnType<typeof repo.purchasesBought>>;
type Sold = Awaited<ReturnType<typeof soldPurchases>>;

function offersCsv(made: Made, received: Received) {
  return toCsv(
    [
      'side',
      'offer_id',
      'tractor',
      'type',
      'status',
      'amount_usd',
      'asking_price_usd',
      'counter_usd',
      'other_party',
      'created_at',
      'updated_at',
    ],
    [
      ...made.map((o) => [
        'made',
        o.id,
        tractorName({ year: o.tractorYear, make: o.tractorMake, model: o.tractorModel }),
        o.offerType,
        o.status,
        dollars(o.offerAmountCents),
        dollars(o.originalPriceCents),
        dollars(o.counterOfferAmountCents),
        '',
        iso(o.createdAt),
        iso(o.updatedAt),
      ]),
      ...received.map((o) => [
        'received',
        o.id,
        o.tractor,
        o.offerType,
        o.status,
        dollars(o.offerAmountCents),
        dollars(o.originalPriceCents),
        dollars(o.counterOfferAmountCents),
        o.buyer ? o.buyer.companyName : o.buyerLabel,
        o.createdAt,
        o.updatedAt,
      ]),
    ],
  );
}

function purchasesCsv(bought: Bought, sold: Sold) {
  return toCsv(
    [
      'side',
      'number',
      'tractor',
      'status',
      'price_usd',
      'buyer_fee_usd',
      'delivery_usd',
      'total_usd',
      'due_date',
      'other_party',
      'created_at',
    ],
    [
      ...bought.map((p) => [
        'bought',
        p.number,
        tractorName({ year: p.tractorYear, make: p.tractorMake, model: p.tractorModel }),
        p.status,
        dollars(p.priceCents),
        dollars(p.buyerFeeCents),
        dollars(p.deliveryCents),
        dollars(p.totalCents),
        p.dueDate,
        '',
        iso(p.createdAt),
      ]),
      ...sold.map((p) => [
        'sold',
        p.number,
        p.tractor,
        p.status,
        dollars(p.priceCents),
        '',
        '',
        '',
        '',
        p.buyer.companyName,
        p.createdAt,
      ]),
    ],
  );
}

function ledgerCsv(ledger: Awaited<ReturnType<typeof repo.ledgerEntries>>, bought: Bought, sold: Sold) {
  const numbers = new Map<string, string>([
    ...bought.map((p) => [p.id, p.number] as const),
    ...sold.map((p) => [p.id, p.number] as const),
  ]);
  const row = (side: string) => (e: (typeof ledger.bought)[number]) => [
    side,
    numbers.get(e.purchaseId) ?? e.purchaseId,
    e.id,
    iso(e.at),
    e.kind,
    e.line ?? e.of ?? '',
    e.bornBy ?? '',
    dollars(e.amountCents),
    e.method ?? '',
    e.reference ?? '',
    e.paidOn ?? '',
    e.reason ?? '',
  ];
  return toCsv(
    [
      'side',
      'purchase',
      'entry_id',
      'at',
      'kind',
      'line',
      'borne_by',
      'amount_usd',
      'method',
      'reference',
      'paid_on',
      'reason',
    ],
    [...ledger.bought.map(row('bought')), ...ledger.sold.map(row('sold'))],
  );
}

function readme(name: string, now: Date, counts: Record<string, number>) {
  const lines = Object.entries(counts)
    .filter(([f]) => f.endsWith('.json'))
    .map(([f, n]) => `  ${f}: ${n} record${n === 1 ? '' : 's'}`);
  const tables = Object.entries(EXPORTED_TABLES).map(([t, f]) => `  ${t} -> ${f}`);
  return [
    `FieldLot data of ${name}, prepared ${now.toISOString()}.`,
    '',
    'JSON files hold every record; amounts are in cents. Spreadsheets (CSV, amounts in US dollars) are in spreadsheets/.',
    'Invoices, credit notes and gate passes are in documents/, condition reports in reports/.',
    'Offers and purchases of your tractors name the buyer as your screens do: "A dealer in <state>" until the sale.',
    '',
    'Files:',
    ...lines,
    '',
    'Database tables and the files that carry them:',
    ...tables,
    '',
  ].join('\n');
}
