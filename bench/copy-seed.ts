/**
 * Seeds the benchmark's listings with COPY, for the large runs (`npm run bench -- --listings 10000000`).
 *
 * The rows follow the same vocabulary and distributions as the SQL seed of search.bench.ts (makes and models,
 * years, hours, prices, states, conditions, transmissions, description words, 8% inactive and 4% sold, a primary
 * image each), generated here from the seeded generator (`seededRandom`) and streamed to the server as COPY text. The tables'
 * secondary indexes are dropped before the load and created again after it from their own definitions, as one
 * loads a table of this size: the database ends with the schema the migrations made, every index built whole.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LISTING_BRANDS } from '../domain/brands.js';
import { CONDITIONS, US_STATES } from '../domain/listings.js';
import {
  MODELS,
  OTHER_MODELS,
  seededRandom,
  TRANSMISSIONS,
  WORDS,
} from '../server/src/modules/listings/sample-listings.js';

const TABLES = ['tractor_listings', 'tractor_images'];
const COLUMNS =
  'user_id, make, model, year, hours, price_cents, location, condition, description, transmission, front_loader, ' +
  'status, engine_hours, build_year, grade_tenths, created_at, updated_at';

/** The listings as COPY text, `rows` of them, a chunk of rows at a time. */
function listingRows(ownerId: string, rows: number, now: Date): Readable {
  const rand = seededRandom(20_261_207);
  const big = Object.entries(MODELS).flatMap(([make, models]) => models.map((m) => [make, m] as const));
  const other = LISTING_BRANDS.flatMap((make) =>
    (MODELS[make] ?? OTHER_MODELS).map((m) => [make, m] as const),
  );
  const states = US_STATES.map(([, name]) => name);
  const pick = <T>(list: readonly T[], r: number) => list[Math.floor(r * list.length)];
  const nowMs = now.getTime();
  const updated = now.toISOString();
  let g = 0;
  return new Readable({
    read() {
      const lines: string[] = [];
      for (let i = 0; i < 5000 && g < rows; i++) {
        g++;
        const r = Array.from({ length: 12 }, rand);
        const [make, model] = r[0] < 0.6 ? pick(big, r[1]) : pick(other, r[1]);
        const year = 2026 - Math.floor(r[2] ** 1.6 * 40);
        const hours = Math.floor(r[3] ** 1.4 * 12000);
        const price = Math.round((15000 + r[4] ** 1.8 * 385000) / 100) * 10000;
        const words = Array.from({ length: 4 + Math.floor(r[9] * 6) }, () => pick(WORDS, rand())).join(', ');
        const status = r[6] < 0.08 ? 'inactive' : r[6] < 0.12 ? 'sold' : 'active';
        const grade = r[7] < 0.5 ? 0 : 10 + Math.floor(r[8] * 41);
        const created = new Date(nowMs - r[9] * 365 * 86_400_000).toISOString();
        lines.push(
          [
            ownerId,
            make,
            model,
            year,
            hours,
            price,
            pick(states, r[10]),
            pick(CONDITIONS, r[11]),
            `${year} ${make} ${model}, ${words}. Stock SN${String(g).padStart(7, '0')}.`,
            pick(TRANSMISSIONS, r[8]),
            r[5] < 0.3 ? 't' : 'f',
            status,
            hours,
            year,
            grade,
            created,
            updated,
          ].join('\t'),
        );
      }
      this.push(lines.length ? `${lines.join('\n')}\n` : null);
    },
  });
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Loads `rows` listings and their primary images into the migrated database at `url`. */
export async function copySeed(url: string, ownerId: string, rows: number, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url, statement_timeout: 0 });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [TABLES],
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);

    let started = Date.now();
    await pipeline(
      listingRows(ownerId, rows, new Date()),
      client.query(copyFrom(`copy tractor_listings (${COLUMNS}) from stdin`)),
    );
    log(`  COPY of ${rows.toLocaleString('en-US')} listings: ${seconds(started)}`);
    started = Date.now();
    await client.query(
      `insert into tractor_images (listing_id, storage_key, width, height, is_primary, image_order)
       select id, 'bench/' || md5(id::text), 1600, 1200, true, 0 from tractor_listings`,
    );
    log(`  a primary image each (INSERT ... SELECT): ${seconds(started)}`);
    started = Date.now();
    for (const { name, definition } of indexes) {
      const one = Date.now();
      await client.query(definition);
      log(`  index ${name}: ${seconds(one)}`);
    }
    log(`  ${indexes.length} indexes built again: ${seconds(started)}`);
    const { rows: sizes } = await client.query<{ db: string; listings: string; images: string }>(
      `select pg_size_pretty(pg_database_size(current_database())) as db,
              pg_size_pretty(pg_total_relation_size('tractor_listings')) as listings,
              pg_size_pretty(pg_total_relation_size('tractor_images')) as images`,
    );
    log(
      `  disk: database ${sizes[0].db} (listings with their indexes ${sizes[0].listings}, images ${sizes[0].images})`,
    );
  } finally {
    await client.end();
  }
}
