import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages, listings } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import {
  IMAGE_PIXELS_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  sniffImageType,
} from './image-files.js';
import { addListingImageFromBuffer } from './images.service.js';
import { jpegWithExif, listFiles, pngBomb } from './test-fixtures.js';

describe('addListingImageFromBuffer (local storage)', () => {
  let t: TestApp;
  let dataDir: string;
  let listingId: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-img-'));
    t = await createTestApp({ dataDir });
    const owner = await createUser(t.app, { status: 'admin' });
    const [row] = await t.app.ctx.db
      .insert(listings)
      .values({ userId: owner.id, make: 'Kubota', model: 'M7', year: 2020, location: 'Iowa' })
      .returning({ id: listings.id });
    listingId = row.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sniffs types from bytes, not names', async () => {
    expect(sniffImageType(await jpegWithExif(10, 10))).toBe('jpeg');
    expect(sniffImageType(Buffer.from('MZ\x90\x00 this is a windows executable'))).toBeNull();
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .avif()
      .toBuffer();
    expect(sniffImageType(avif)).toBe('avif');
  });

  it('stores three WebP variants without metadata, never upscaled, first image primary', async () => {
    const first = await addListingImageFromBuffer(t.app.ctx, listingId, await jpegWithExif());
    const second = await addListingImageFromBuffer(t.app.ctx, listingId, await jpegWithExif(600, 400));
    const rows = await t.app.ctx.db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId))
      .orderBy(listingImages.imageOrder);
    expect(rows.map((r) => [r.id, r.isPrimary, r.imageOrder])).toEqual([
      [first.id, true, 0],
      [second.id, false, 1],
    ]);
    const files = await listFiles(path.join(dataDir, 'images'));
    expect(files).toHaveLength(6);
    for (const w of [400, 800, 1600]) {
      const file = path.join(dataDir, 'images', `${rows[0].storageKey}-${w}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.exif).toBeUndefined();
    }
    const small = await sharp(path.join(dataDir, 'images', `${rows[1].storageKey}-1600.webp`)).metadata();
    expect(small.width).toBe(600);

    // isPrimary moves the primary; the partial unique index would refuse two.
    const third = await addListingImageFromBuffer(t.app.ctx, listingId, await jpegWithExif(500, 500), {
      isPrimary: true,
    });
    const primaries = await t.app.ctx.db
      .select({ id: listingImages.id })
      .from(listingImages)
      .where(eq(listingImages.isPrimary, true));
    expect(primaries).toEqual([{ id: third.id }]);
  });

  it('refuses non-images, renamed executables, huge files and bombs, leaving nothing behind', async () => {
    const before = await listFiles(path.join(dataDir, 'images'));
    const count = async () => (await t.app.ctx.db.select().from(listingImages)).length;
    const rowsBefore = await count();
    const cases: [Buffer, number, string][] = [
      [Buffer.from('hello, not an image'), 415, IMAGE_TYPE_MESSAGE],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000)]), 415, IMAGE_TYPE_MESSAGE],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(16 * 1024 * 1024)]),
        413,
        IMAGE_SIZE_MESSAGE,
      ],
      [await pngBomb(), 413, IMAGE_PIXELS_MESSAGE],
    ];
    for (const [data, status, message] of cases) {
      await expect(addListingImageFromBuffer(t.app.ctx, listingId, data)).rejects.toMatchObject({
        status,
        message,
      });
    }
    expect(await listFiles(path.join(dataDir, 'images'))).toEqual(before);
    expect(await count()).toBe(rowsBefore);
  });

  it('a missing listing is a 404 and its files are removed', async () => {
    const before = await listFiles(path.join(dataDir, 'images'));
    await expect(
      addListingImageFromBuffer(
        t.app.ctx,
        '00000000-0000-4000-8000-000000000000',
        await jpegWithExif(50, 50),
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(await listFiles(path.join(dataDir, 'images'))).toEqual(before);
  });
});
