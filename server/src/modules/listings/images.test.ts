import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages, listings } from '../../db/schema.js';
import { underFirstLook } from '../../test/fixtures/first-look.js';
import { jpegWithExif, listFiles, multipart, overTheCap, pngBomb } from '../../test/fixtures/images.js';
import { insertListing } from '../../test/fixtures/offers.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';
import {
  IMAGE_MAX_BYTES,
  IMAGE_PIXELS_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  sniffImageType,
} from './image-files.js';
import { addListingImageFromBuffer } from './images.service.js';
import type { ImageDto } from './listings.schemas.js';

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

describe('image routes', () => {
  let t: TestApp;
  let dataDir: string;
  let asAdmin: TestClient;
  let listingId: string;
  const imagesDir = () => path.join(dataDir, 'images');
  const upload = (data: Buffer, filename?: string, type?: string) => {
    const { body, headers } = multipart(data, filename, type);
    return asAdmin.post(`/api/admin/listings/${listingId}/images`, body, headers);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fieldlot-img-http-'));
    t = await createTestApp({ dataDir });
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const res = await asAdmin.post('/api/listings', {
      make: 'Fendt',
      model: '724 Vario',
      year: 2019,
      location: 'Iowa',
    });
    listingId = res.json().id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads, serves variants with srcset, nosniff and immutable caching', async () => {
    const res = await upload(await jpegWithExif(1200, 900));
    expect(res.statusCode).toBe(201);
    const detail = (await asAdmin.get(`/api/listings/${listingId}`)).json();
    const [img] = detail.images;
    expect(img).toMatchObject({ id: res.json().id, isPrimary: true, width: 1200, height: 900 });
    expect(img.srcSet).toMatch(/-400\.webp 400w, .*-800\.webp 800w, .*-1600\.webp 1200w$/);
    const file = await asAdmin.get(img.src);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await asAdmin.get('/api/images/..%2F..%2Fsession-secret')).statusCode).toBe(400);
    expect(
      (await asAdmin.get('/api/images/listings/00000000-0000-4000-8000-000000000000-400.webp')).statusCode,
    ).toBe(404);
  });

  // docs/product/want-lists.md#first-look: a hidden tractor's picture answers as a missing one.
  it('serves no picture of a tractor under a first look to a visitor or a dealer outside it', async () => {
    const admin = await createUser(t.app, { status: 'admin' });
    const granted = await createUser(t.app, { status: 'approved' });
    const id = await insertListing(t.app, admin.id);
    const { body, headers } = multipart(await jpegWithExif(800, 600));
    expect((await asAdmin.post(`/api/admin/listings/${id}/images`, body, headers)).statusCode).toBe(201);
    const src = (await asAdmin.get(`/api/listings/${id}`)).json().images[0].src as string;
    await underFirstLook(t.app, id, [granted]);
    const missing = '/api/images/listings/00000000-0000-4000-8000-000000000000-800.webp';
    const outsider = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    for (const client of [new TestClient(t.app), outsider]) {
      const hidden = await client.get(src);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual((await client.get(missing)).json());
    }
    expect((await (await TestClient.as(t.app, granted)).get(src)).statusCode).toBe(200);
    expect((await asAdmin.get(src)).statusCode).toBe(200);
    // The other tests count the files of this data folder.
    expect((await asAdmin.delete(`/api/admin/listings/${id}`)).statusCode).toBeLessThan(300);
  });

  it('refuses bad uploads with a clear 4xx and leaves nothing behind', async () => {
    const filesBefore = await listFiles(imagesDir());
    const rowsBefore = (await t.app.ctx.db.select().from(listingImages)).length;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4096, 1)]);
    const cases: [Promise<{ statusCode: number; json(): { error: { message: string } } }>, number, string][] =
      [
        [upload(Buffer.from('plain text'), 'notes.txt', 'text/plain'), 415, IMAGE_TYPE_MESSAGE],
        [upload(exe, 'tractor.jpg', 'image/jpeg'), 415, IMAGE_TYPE_MESSAGE],
        [upload(Buffer.alloc(15 * 1024 * 1024 + 10, 0xff)), 413, IMAGE_SIZE_MESSAGE],
        [upload(await pngBomb(), 'bomb.png', 'image/png'), 413, IMAGE_PIXELS_MESSAGE],
      ];
    for (const [promise, status, message] of cases) {
      const res = await promise;
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    // A file just over the cap, its bytes up to the cap read before the parser sees the last one.
    for (let i = 0; i < 3; i++) {
      const over = overTheCap(IMAGE_MAX_BYTES);
      const res = await asAdmin.request(
        'POST',
        `/api/admin/listings/${listingId}/images`,
        over.body,
        over.headers,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(IMAGE_SIZE_MESSAGE);
    }
    const json = await asAdmin.post(`/api/admin/listings/${listingId}/images`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await listFiles(imagesDir())).toEqual(filesBefore);
    expect((await t.app.ctx.db.select().from(listingImages)).length).toBe(rowsBefore);
  });

  it('reorders, sets the primary, removes (promoting the next) and deleting the listing removes files', async () => {
    const b = (await upload(await jpegWithExif(500, 400))).json().id;
    const c = (await upload(await jpegWithExif(500, 400))).json().id;
    const imgs = async () => (await asAdmin.get(`/api/listings/${listingId}`)).json().images as ImageDto[];
    const [a] = await imgs();
    expect(
      (await asAdmin.put(`/api/admin/listings/${listingId}/images/order`, { imageIds: [c, a.id, b] }))
        .statusCode,
    ).toBe(200);
    expect((await imgs()).map((i) => i.id)).toEqual([c, a.id, b]);
    const partial = await asAdmin.put(`/api/admin/listings/${listingId}/images/order`, { imageIds: [c, b] });
    expect(partial.statusCode).toBe(400);
    await asAdmin.post(`/api/admin/listings/${listingId}/images/${b}/primary`);
    expect((await imgs()).filter((i) => i.isPrimary).map((i) => i.id)).toEqual([b]);
    expect((await asAdmin.delete(`/api/admin/listings/${listingId}/images/${b}`)).statusCode).toBe(204);
    expect((await imgs()).map((i) => [i.id, i.isPrimary])).toEqual([
      [c, true],
      [a.id, false],
    ]);
    expect(await listFiles(imagesDir())).toHaveLength(6);
    expect((await asAdmin.delete(`/api/admin/listings/${listingId}`)).statusCode).toBe(200);
    expect(await listFiles(imagesDir())).toEqual([]);
  });
});

describe('images on S3-compatible storage (s3rver)', () => {
  let t: TestApp;
  let dir: string;
  let server: S3rver;
  let client: S3Client;
  const bucket = 'fieldlot-images';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fieldlot-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const { port } = (await server.run()) as { port: number };
    const s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    client = new S3Client({
      ...s3,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    t = await createTestApp({ dataDir: path.join(dir, 'data'), s3 });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores variants as objects, serves them, and deletes them with the listing', async () => {
    const asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const listingId = (
      await asAdmin.post('/api/listings', { make: 'Claas', model: 'Axion 870', year: 2022, location: 'Ohio' })
    ).json().id;
    const { body, headers } = multipart(await jpegWithExif(900, 600));
    expect((await asAdmin.post(`/api/admin/listings/${listingId}/images`, body, headers)).statusCode).toBe(
      201,
    );
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);
    expect(await keys()).toHaveLength(3);
    const [img] = (await asAdmin.get(`/api/listings/${listingId}`)).json().images;
    const served = await asAdmin.get(img.src);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(
      await t.app.ctx.db.select().from(listingImages).where(eq(listingImages.listingId, listingId)),
    ).toHaveLength(1);
    expect((await asAdmin.delete(`/api/admin/listings/${listingId}`)).statusCode).toBe(200);
    expect(await keys()).toEqual([]);
  });
});
