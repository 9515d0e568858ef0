import { sql } from 'drizzle-orm';
import { LISTING_BRANDS } from '../../../../domain/brands.js';
import { rowsOf } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { sharpModule } from '../../lib/lazy-modules.js';
import { addListingImageFromBuffer } from '../listings/index.js';
import { DEMO_MODELS } from './demo.data.js';
import { ANGLES, type Angle, BRAND_PALETTES, sceneSvg, type TractorKind } from './tractor-art.js';

const cache = new Map<string, Promise<Buffer>>();

/** One rendered picture per brand, kind, angle and loader, reused by every listing that needs it. */
export function demoPicture(make: string, kind: TractorKind, angle: Angle, loader: boolean): Promise<Buffer> {
  const key = `${make}|${kind}|${angle}|${loader}`;
  let picture = cache.get(key);
  if (!picture) {
    const palette = BRAND_PALETTES[make] ?? BRAND_PALETTES['John Deere'];
    const seed = Math.max(0, (LISTING_BRANDS as readonly string[]).indexOf(make));
    const svg = sceneSvg(palette, kind, angle, { loader, seed });
    picture = sharpModule().then((sharp) => sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
    cache.set(key, picture);
  }
  return picture;
}

export function kindOf(make: string, model: string): TractorKind {
  return DEMO_MODELS.find((m) => m.make === make && m.model === model)?.kind ?? 'utility';
}

/**
 * Draws 2 or 3 pictures for every listing created by the demo seed (at or before `seededAt`) that has
 * none yet, and stores them through the listings module like an upload. Returns how many were stored.
 */
export async function seedDemoImages(ctx: AppContext, seededAt: Date, signal?: AbortSignal): Promise<number> {
  const result = await ctx.db.execute(sql`
    select l.id, l.make, l.model, l.front_loader
    from tractor_listings l
    where l.created_at <= ${seededAt}
      and not exists (select 1 from tractor_images i where i.listing_id = l.id)
    order by l.created_at desc`);
  const rows = rowsOf<{ id: string; make: string; model: string; front_loader: boolean }>(result);
  let stored = 0;
  for (const [i, row] of rows.entries()) {
    if (signal?.aborted) break;
    const kind = kindOf(row.make, row.model);
    const count = 2 + (i % 2);
    for (let n = 0; n < count; n++) {
      const angle = ANGLES[(i + n) % ANGLES.length];
      const picture = await demoPicture(row.make, kind, angle, row.front_loader);
      await addListingImageFromBuffer(ctx, row.id, picture, { isPrimary: n === 0 });
      stored += 1;
    }
  }
  return stored;
}
