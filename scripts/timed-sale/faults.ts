// `npm run test:sale-faults` (docs/product/timed-sale.md#how-we-know, decision 0085): the Timed Sale's close
// under faults, on two app instances and a PostgreSQL of its own. Two batches of lots fall due at once (the clock
// file moves the instances' time). While the first closes one by one, the instance caught holding a close
// transaction is killed with SIGKILL (then started again); while the second closes, PostgreSQL restarts
// (-m immediate). Afterwards every lot has closed exactly once (one close in the audit log), none ever read open
// again after its close, every sold lot has exactly one win offer and one purchase and its winner one "won"
// notice; and the database itself refuses a second purchase, a second win offer, and a reopening. Ends with one
// summary line; exit code 0 only when all hold.
import { readFileSync } from 'node:fs';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/client.js';
import { auditLog, offers, outbox, purchases, timedSaleLots } from '../../server/src/db/schema.js';
import { waitFor } from '../cluster/processes.js';
import { runScript, SaleStack, sleep } from './stack.js';

const LOTS_PER_BATCH = 24;
const MIN = 60_000;

const started = Date.now();
const log = (line: string) =>
  console.log(`[sale-faults] ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s  ${line}`);

/** What a lot is meant to end as: reserve met (sold), a bid under the reserve (if), no bid (unsold). */
type Plan = 'sold' | 'if_pending' | 'unsold';
const planOf = (i: number): Plan => (i % 8 === 6 ? 'if_pending' : i % 8 === 7 ? 'unsold' : 'sold');

/** The driver's refusal of a statement (its message and constraint), or 'not refused'. */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    const parts: string[] = [];
    for (let e = err as { message?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
      parts.push([e.message, e.constraint].filter(Boolean).join(' '));
      e = e.cause as typeof e;
    }
    return parts.at(-1) ?? 'refused';
  }
  return 'not refused';
}

runScript('sale-faults', 210_000, async (stacks) => {
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  const stack = await SaleStack.start('sale-faults', ['a', 'b'], log, stacks);
  const db = stack.database.db;
  const failures: string[] = [];

  // A seller, eight bidders; two batches of lots, the first due 10 minutes from now, the second 30.
  const [seller, ...bidders] = await stack.seedDealers(9, 'faults');
  const count = 2 * LOTS_PER_BATCH;
  const plans = Array.from({ length: count }, (_, i) => planOf(i));
  const reserves = plans.map((p) => (p === 'if_pending' ? 900_000_00 : 5_000_00));
  const listingIds = await stack.seedListings(seller.id, reserves);
  const now = stack.clock.now().getTime();
  const closeOf = (i: number) =>
    now + (i < LOTS_PER_BATCH ? 10 * MIN : 30 * MIN) + (i % LOTS_PER_BATCH) * 30_000;
  const { lotIds } = await stack.seedSale(
    seller.id,
    seller.id,
    listingIds.map((listingId, i) => ({ listingId, closesAt: closeOf(i), reserveCents: reserves[i] })),
  );
  // Bids through the API, on both instances: each lot but the unsold ones gets a maximum of $10,000.
  for (const [i, lotId] of lotIds.entries()) {
    if (plans[i] === 'unsold') continue;
    const answer = await stack.request(
      stack.instances[i % 2],
      'POST',
      `/api/sales/lots/${lotId}/bids`,
      { kind: 'max', amount: 10_000 },
      bidders[i % bidders.length],
      30_000,
      { 'idempotency-key': `sale-faults-bid-${i}` },
    );
    if (answer.status !== 200) throw new Error(`a bid answered ${answer.status}: ${answer.body}`);
  }
  log(`${count} lots seeded and bid on (${plans.filter((p) => p === 'sold').length} to sell)`);

  // Watches every lot's status every 50 ms: a lot read open after it was read closed has reopened.
  const firstClosed = new Map<string, string>();
  const reopened: string[] = [];
  const changedResult: string[] = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const rows = await db
        .select({ id: timedSaleLots.id, status: timedSaleLots.status })
        .from(timedSaleLots)
        .where(inArray(timedSaleLots.id, lotIds))
        .catch(() => []);
      for (const r of rows) {
        const seen = firstClosed.get(r.id);
        if (seen === undefined) {
          if (r.status !== 'open') firstClosed.set(r.id, r.status);
        } else if (r.status === 'open') reopened.push(r.id);
        else if (seen !== 'if_pending' && r.status !== seen) changedResult.push(r.id);
      }
      await sleep(50);
    }
  })();

  const batch = (b: 0 | 1) => lotIds.slice(b * LOTS_PER_BATCH, (b + 1) * LOTS_PER_BATCH);
  /**
   * Close transactions in flight, by instance (application_name sale-a, sale-b): an instance's open transaction
   * holding the lots table's row lock mode, which only a close's claim (SELECT ... FOR UPDATE) takes while no bid runs.
   */
  const openTransactions = async (): Promise<Record<string, number>> => {
    const rows = rowsOf<{ name: string; n: number }>(
      await db.execute(
        sql`select a.application_name as name, count(distinct a.pid)::int as n
          from pg_stat_activity a join pg_locks l on l.pid = a.pid
          where a.application_name like 'sale-%' and a.xact_start is not null
            and l.relation = 'timed_sale_lots'::regclass and l.mode = 'RowShareLock'
          group by a.application_name`,
      ),
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  };
  /** Brings a batch's closes due (all at once; the workers take them one by one) and waits for a moment. */
  const bringDue = (b: 0 | 1) => {
    const last = closeOf(b * LOTS_PER_BATCH + LOTS_PER_BATCH - 1);
    stack.advanceClock(last - stack.clock.now().getTime() + 1000);
  };

  /** How many of `ids` are closed now, read at once (the watcher's view may be 50 ms old). */
  const closedNow = async (ids: string[]) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(timedSaleLots)
      .where(and(inArray(timedSaleLots.id, ids), ne(timedSaleLots.status, 'open')));
    return row.n;
  };
  /**
   * Reads the close transactions in flight without pause while the batch closes, until `ready` says so; null when
   * the whole batch closed first (a close takes milliseconds on a quiet machine: the window is narrow).
   */
  const whileClosing = async (
    ids: string[],
    ready: (open: Record<string, number>, closed: number) => boolean,
  ): Promise<{ open: Record<string, number>; closed: number } | null> => {
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const [open, closed] = await Promise.all([openTransactions(), closedNow(ids)]);
      if (closed >= ids.length) return null;
      if (ready(open, closed)) return { open, closed };
    }
    return null;
  };

  // ---- 1: kill -9 of the instance caught in the middle of a close, then started again.
  const first = batch(0);
  bringDue(0);
  const caught = await whileClosing(first, (open) => Boolean(open['sale-a'] || open['sale-b']));
  const victim = caught?.open['sale-a'] ? 'a' : 'b';
  if (caught) stack.instance(victim).proc.signal('SIGKILL');
  else failures.push('kill -9: the first batch closed before an instance was caught in a close');
  const killedAt = Date.now();
  await stack.instance(victim).proc.exited;
  const survivor = victim === 'a' ? 'b' : 'a';
  await waitFor(`the first batch closed by instance ${survivor}`, 60_000, async () => {
    return (await closedNow(first)) === first.length;
  }).catch((err: Error) => failures.push(err.message));
  const firstDoneMs = Date.now() - killedAt;
  log(
    `kill -9 of instance ${victim} with ${caught?.open[`sale-${victim}`] ?? 0} close transaction(s) in flight, ` +
      `${caught?.closed ?? '?'} of ${first.length} lots closed; instance ${survivor} closed the rest within ` +
      `${(firstDoneMs / 1000).toFixed(1)} s`,
  );
  const restartedAt = Date.now();
  await stack.startInstance(victim);
  log(`instance ${victim} started again in ${((Date.now() - restartedAt) / 1000).toFixed(1)} s`);

  // ---- 2: PostgreSQL restarts in the middle of the second batch's closes.
  const second = batch(1);
  bringDue(1);
  const during = await whileClosing(
    second,
    (open, closed) => closed > 0 && Object.values(open).some((n) => n > 0),
  );
  if (!during)
    failures.push('PostgreSQL restart: the second batch closed before a close was caught in flight');
  const pgAt = Date.now();
  await stack.pg.ctl('restart', '-m', 'immediate');
  const pgBackMs = Date.now() - pgAt;
  await waitFor('the second batch closed after the restart', 60_000, async () => {
    return (await closedNow(second)) === second.length;
  }).catch((err: Error) => failures.push(err.message));
  const inFlight = during ? Object.values(during.open).reduce((x, y) => x + y, 0) : 0;
  log(
    `PostgreSQL restarted (-m immediate, back in ${(pgBackMs / 1000).toFixed(1)} s) with ${inFlight} ` +
      `close transaction(s) in flight, ${during?.closed ?? '?'} of ${second.length} lots closed; the rest closed ` +
      `within ${((Date.now() - pgAt) / 1000).toFixed(1)} s`,
  );
  await sleep(1500);
  watching = false;
  await watcher;

  // ---- the checks
  const lots = await db.select().from(timedSaleLots).where(inArray(timedSaleLots.id, lotIds));
  const closes = await db
    .select({ lotId: sql<string>`${auditLog.details}->>'lotId'`, n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.action, 'sale.lot_closed'))
    .groupBy(sql`${auditLog.details}->>'lotId'`);
  const closesOf = new Map(closes.map((c) => [c.lotId, c.n]));
  const bought = await db
    .select({ id: purchases.id, listingId: purchases.listingId, offerId: purchases.offerId })
    .from(purchases)
    .where(inArray(purchases.listingId, listingIds));
  const winOffers = await db
    .select({ id: offers.id, key: offers.idempotencyKey })
    .from(offers)
    .where(sql`${offers.idempotencyKey} like 'timed-sale-lot-%'`);
  const wonNotices = await db
    .select({ lotId: sql<string>`${outbox.payload}->>'lotId'` })
    .from(outbox)
    .where(sql`${outbox.payload}->>'kind' = 'won'`);
  let wrongResult = 0;
  let closedTwice = 0;
  let purchasesTwice = 0;
  let soldWithoutPurchase = 0;
  for (const [i, id] of lotIds.entries()) {
    const lot = lots.find((l) => l.id === id);
    if (!lot || lot.status !== plans[i]) wrongResult += 1;
    const n = closesOf.get(id) ?? 0;
    if (n !== 1) closedTwice += n > 1 ? 1 : 0;
    if (n === 0) failures.push(`lot ${i + 1} has no close in the audit log`);
    const ofLot = bought.filter((p) => p.listingId === listingIds[i]);
    const offersOfLot = winOffers.filter((o) => o.key === `timed-sale-lot-${id}`);
    const notices = wonNotices.filter((w) => w.lotId === id);
    if (plans[i] === 'sold') {
      if (ofLot.length > 1 || offersOfLot.length > 1 || notices.length > 1) purchasesTwice += 1;
      if (ofLot.length === 0 || ofLot[0].offerId !== lot?.offerId) soldWithoutPurchase += 1;
    } else if (ofLot.length) purchasesTwice += 1;
  }
  if (wrongResult) failures.push(`${wrongResult} lots ended other than their bids and reserve say`);
  if (closedTwice) failures.push(`${closedTwice} lots closed twice`);
  if (purchasesTwice)
    failures.push(`${purchasesTwice} lots with a second purchase, win offer or "won" notice`);
  if (soldWithoutPurchase) failures.push(`${soldWithoutPurchase} sold lots without their purchase`);
  if (reopened.length) failures.push(`${reopened.length} lots read open again after their close`);
  if (changedResult.length) failures.push(`${changedResult.length} lots changed their final result`);
  for (const inst of stack.instances)
    if (inst.exitedAt !== null) failures.push(`instance ${inst.name} exited:\n${inst.proc.tail()}`);

  // The database refuses, whatever code would try: a second purchase, a second win offer, a reopening.
  const soldLot = lots.find((l) => l.status === 'sold') as (typeof lots)[number];
  const [purchase] = bought.filter((p) => p.offerId === soldLot.offerId);
  const columns = rowsOf<{ column_name: string }>(
    await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'purchases' and column_name not in ('id', 'number') order by ordinal_position`,
    ),
  ).map((c) => `"${c.column_name}"`);
  const list = sql.raw(columns.join(', '));
  const secondPurchase = await refusal(
    db.execute(
      sql`insert into purchases (number, ${list}) select number || '-again', ${list} from purchases where id = ${purchase.id}`,
    ),
  );
  const [win] = await db
    .select()
    .from(offers)
    .where(eq(offers.id, soldLot.offerId as string));
  const { id: _id, ...copy } = win;
  const other = bidders.find((b) => b.id !== win.buyerUserId)?.id as string;
  const secondWin = await refusal(
    db.insert(offers).values({ ...copy, buyerUserId: other, status: 'pending', acceptedAt: null }),
  );
  const reopen = await refusal(
    db
      .update(timedSaleLots)
      .set({ status: 'open' })
      .where(and(eq(timedSaleLots.id, soldLot.id))),
  );
  if (!secondPurchase.includes('purchases_offer_key'))
    failures.push(`a second purchase was not refused by purchases_offer_key: ${secondPurchase}`);
  if (!secondWin.includes('tractor_offers_one_per_timed_sale_lot_key'))
    failures.push(`a second win offer was not refused: ${secondWin}`);
  if (!reopen.includes('a closed lot never reopens')) failures.push(`reopening was not refused: ${reopen}`);
  log(`the database refused a second purchase (${secondPurchase})`);
  log(`the database refused a second win offer (${secondWin})`);
  log(`the database refused a reopening (${reopen})`);

  for (const f of failures) console.error(`[sale-faults] FAILED: ${f}`);
  const ok = failures.length === 0;
  const sold = plans.filter((p) => p === 'sold').length;
  console.log(
    `sale faults: ${ok ? 'PASSED' : 'FAILED'}: kill -9 of an instance with a close in flight ` +
      `(${caught?.closed ?? '?'} of ${first.length} closed before) and a PostgreSQL restart -m immediate ` +
      `(${during?.closed ?? '?'} of ${second.length} closed before); ${lots.filter((l) => l.status !== 'open').length} ` +
      `of ${count} lots closed, ${closedTwice} twice, ${reopened.length} reopened; ${bought.length} purchases for ` +
      `${sold} sold lots (${purchasesTwice} twice); second purchase, second win offer and reopening refused by the ` +
      `database: ${[secondPurchase, secondWin, reopen].filter((x) => x !== 'not refused').length} of 3; ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s; load before ${loadBefore}, after ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  return ok ? 0 : 1;
});
