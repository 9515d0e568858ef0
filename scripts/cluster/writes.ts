import { readFileSync } from 'node:fs';
import pg from 'pg';

/** One write the browser journeys got a 2xx answer for (e2e/cluster/cluster-support.ts appends these). */
export interface AckedWrite {
  method: string;
  path: string;
  status: number;
  request: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
  /** When the answer arrived (ms since the epoch). */
  at: number;
}

type Check = (db: pg.Client, w: AckedWrite, params: string[]) => Promise<boolean>;

const exists = async (db: pg.Client, sql: string, values: unknown[]) =>
  (await db.query(sql, values)).rowCount! > 0;
const id = (w: AckedWrite) => String(w.response?.id ?? '');
const offerId = (w: AckedWrite) => String((w.response?.offer as { id?: string } | undefined)?.id ?? '');

/** How each acknowledged write shows in the database (a route without a check counts as lost: add it). */
const CHECKS: Array<[string, RegExp, Check]> = [
  [
    'POST',
    /^\/api\/users\/apply$/,
    (db, w) => exists(db, 'select 1 from users where email = lower($1)', [w.request?.email]),
  ],
  [
    'PATCH',
    /^\/api\/admin\/users\/([^/]+)\/status$/,
    (db, w, [userId]) =>
      exists(db, 'select 1 from users where id = $1 and status = $2', [userId, w.response?.status]),
  ],
  [
    'POST',
    /^\/api\/auth\/sign-in$/,
    // The session the answer's cookie names (a later sign-in in the same browser would replace it; none does).
    (db, w) =>
      exists(
        db,
        `select 1 from sessions s join users u on u.id = s.user_id
          where u.email = lower($1) and s.created_at >= to_timestamp($2 / 1000.0) - interval '30 seconds'`,
        [w.request?.email, w.at],
      ),
  ],
  [
    'POST',
    /^\/api\/listings$/,
    (db, w) => exists(db, 'select 1 from tractor_listings where id = $1', [id(w)]),
  ],
  [
    'POST',
    /^\/api\/admin\/listings\/([^/]+)\/as-is$/,
    (db, w, [listingId]) =>
      exists(db, 'select 1 from tractor_listings where id = $1 and as_is_reason = $2', [
        listingId,
        w.request?.reason,
      ]),
  ],
  [
    'POST',
    /^\/api\/admin\/listings\/([^/]+)\/images$/,
    (db, w, [listingId]) =>
      exists(db, 'select 1 from tractor_images where id = $1 and listing_id = $2', [id(w), listingId]),
  ],
  [
    'POST',
    /^\/api\/offers$/,
    (db, w) => exists(db, 'select 1 from tractor_offers where id = $1', [offerId(w)]),
  ],
  [
    'POST',
    /^\/api\/admin\/offers\/([^/]+)\/counter$/,
    (db, w, [oid]) =>
      exists(
        db,
        `select 1 from tractor_offers where id = $1 and counter_offer_amount_cents = $2
           and status in ('countered', 'accepted')`,
        [
          oid,
          (w.response?.offer as { counterOfferAmountCents?: number } | undefined)?.counterOfferAmountCents,
        ],
      ),
  ],
  [
    'POST',
    /^\/api\/offers\/([^/]+)\/accept-counter$/,
    (db, _w, [oid]) =>
      exists(
        db,
        `select 1 from tractor_offers o join tractor_listings l on l.id = o.listing_id
          where o.id = $1 and o.status = 'accepted' and l.status = 'sold'`,
        [oid],
      ),
  ],
  [
    'POST',
    /^\/api\/recently-viewed$/,
    // The tractor page records the view (kept to the dealer's last 20; the journeys open far fewer).
    (db, w) => exists(db, 'select 1 from recent_views where listing_id = $1', [w.request?.listingId]),
  ],
  [
    'POST',
    /^\/api\/inquiries(\/with-photos)?$/,
    (db, w) => exists(db, 'select 1 from tractor_sale_inquiries where id = $1', [id(w)]),
  ],
  [
    'POST',
    /^\/api\/admin\/notifications\/brand$/,
    async (db, w) => {
      const sent = Number(w.response?.emailsSent ?? 0);
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from outbox where template = 'send-brand-notifications'
          and created_at >= to_timestamp($1 / 1000.0) - interval '30 seconds'`,
        [w.at],
      );
      return Number(rows[0].n) >= sent;
    },
  ],
];

export function readAckedWrites(file: string): AckedWrite[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AckedWrite);
}

/** Looks every acknowledged write up in the database; returns those not found (with the reason). */
export async function findLostWrites(databaseUrl: string, writes: AckedWrite[]): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const lost: string[] = [];
  try {
    for (const w of writes) {
      const match = CHECKS.find(([method, re]) => method === w.method && re.test(w.path));
      if (!match) {
        lost.push(`${w.method} ${w.path}: no check for this route (add one to scripts/cluster/writes.ts)`);
        continue;
      }
      const params = (match[1].exec(w.path) ?? []).slice(1);
      if (!(await match[2](db, w, params)))
        lost.push(`${w.method} ${w.path} (${w.status}) not in the database`);
    }
  } finally {
    await db.end();
  }
  return lost;
}
