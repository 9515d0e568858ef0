import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_IDS, gradeInspection } from '../../../../domain/inspection.js';
import { auditLog, inspectionPhotos, inspectionRevisions, listings, offers } from '../../db/schema.js';
import { engineWav } from '../../test/fixtures/audio.js';
import { underFirstLook } from '../../test/fixtures/first-look.js';
import { overTheCap } from '../../test/fixtures/images.js';
import { TEST_YARD } from '../../test/fixtures/yard.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  createTestApp,
  createUser,
  mailsTo,
  TEST_PASSWORD,
  type TestApp,
  TestClient,
  type TestUser,
} from '../../test/test-app.js';
import { IMAGE_MAX_BYTES } from '../listings/index.js';

/** A camera-like JPEG. */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#5a7d2a' } })
    .jpeg()
    .toBuffer();

/** The rating each checkpoint gets in the reports of these tests. */
const ratingOf = (id: string) =>
  id === 'hydraulics.remote-leaks' ? 'monitor' : id === 'precision-ag.receiver' ? 'na' : 'ok';

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(data: Buffer) {
  const boundary = `----fieldlot${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// Each test publishes a whole report on its own (every checkpoint, two photos): room for a busy machine.
describe('condition reports API', { timeout: 120_000 }, () => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;
  let asAdmin: TestClient;
  let asInspector: TestClient;
  let asDealer: TestClient;
  let anon: TestClient;
  let listingId: string;

  const put = (checkpointId: string, rating: string | null, note = '') =>
    asInspector.put(`/api/inspections/${listingId}/answers`, { checkpointId, rating, note });
  const upload = async (checkpointId: string, data: Buffer) => {
    const { body, headers } = multipart(data);
    return asInspector.request(
      'POST',
      `/api/inspections/${listingId}/photos?checkpointId=${checkpointId}`,
      body,
      headers,
    );
  };

  /** An inspector account made by the admin, signed in. */
  async function signInInspector(name: string, email: string): Promise<TestClient> {
    const res = await asAdmin.post('/api/admin/inspectors', { name, email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(201);
    const client = new TestClient(t.app);
    const signIn = await client.post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBeLessThan(300);
    return client;
  }

  /** Rates every checkpoint but engine.idle, enters the details and adds both required photos. */
  async function completeDraft() {
    for (const id of CHECKPOINT_IDS) {
      if (id !== 'engine.idle') expect((await put(id, ratingOf(id))).statusCode).toBe(200);
    }
    const details = await asInspector.patch(`/api/inspections/${listingId}`, {
      serial: 'RW6155R012345',
      hourMeter: 4251,
      treads: { 'front-left': 80, 'front-right': 78 },
    });
    expect(details.statusCode).toBe(200);
    await asInspector.patch(`/api/inspections/${listingId}`, {
      treads: { 'rear-left': 70, 'rear-right': 72 },
    });
    const meter = await upload('identification.hour-meter', await jpeg(640, 480));
    expect(meter.statusCode).toBe(201);
    expect(meter.json().src).toMatch(/^\/api\/images\/listings\/.+-800\.webp$/);
    expect((await upload('identification.serial-plate', await jpeg(640, 480))).statusCode).toBe(201);
  }

  /** The first report of the test's tractor, published: the starting point of the tests that read or revise it. */
  async function publishFirstReport() {
    expect((await put('engine.idle', 'ok', 'Smooth')).statusCode).toBe(200);
    await completeDraft();
    const res = await asInspector.post(`/api/inspections/${listingId}/publish`);
    expect(res.statusCode).toBe(200);
  }

  /** Revision 2 (the pump needs a repair), published while the dealer has an open offer. */
  async function publishRevisionWithOffer() {
    const offer = await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 90_000 });
    expect(offer.statusCode).toBe(201);
    await put('hydraulics.pump', 'repair', 'Pump output 20% low');
    return asInspector.post(`/api/inspections/${listingId}/publish`);
  }

  // Every test starts from its own database: a new tractor without a report and an inspector (Ina) signed in.
  beforeEach(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { status: 'admin' });
    dealer = await createUser(t.app, { status: 'approved' });
    asAdmin = await TestClient.as(t.app, admin);
    asDealer = await TestClient.as(t.app, dealer);
    anon = await TestClient.as(t.app, null);
    const created = await asAdmin.post('/api/listings', {
      make: 'John Deere',
      model: '6155R',
      year: 2019,
      hours: 4250,
      priceCents: 98_000_00,
      location: 'Iowa',
      ...TEST_YARD,
      condition: 'Excellent',
    });
    expect(created.statusCode).toBe(201);
    listingId = created.json().id;
    asInspector = await signInInspector('Ina Spector', 'ina@example.com');
  });
  afterEach(() => t?.close());

  it('a meter far from the listed hours blocks publishing until the inspector confirms it', async () => {
    // The listing says 2,900 h; the draft's meter reads 4,251 h (docs/decisions/0042-hours-corrected-at-inspection.md).
    await t.app.ctx.db.update(listings).set({ hours: 2900 }).where(eq(listings.id, listingId));
    expect((await put('engine.idle', 'ok')).statusCode).toBe(200);
    await completeDraft();
    const refused = await asInspector.post(`/api/inspections/${listingId}/publish`);
    expect(refused.statusCode).toBe(400);
    const message =
      "The meter reads 4,251 h but the listing says 2,900 h: confirm the meter reading to correct the listing's hours";
    expect(refused.json().error.message).toBe(message);
    expect(refused.json().error.fields.hourMeter).toBe(message);
    expect(await t.app.ctx.db.select().from(inspectionRevisions)).toHaveLength(0);

    const confirmed = await asInspector.post(`/api/inspections/${listingId}/publish`, { confirmHours: true });
    expect(confirmed.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(listings).where(eq(listings.id, listingId));
    expect(row?.hours).toBe(4251);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'listing.hours_corrected'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({
      listingId,
      from: 2900,
      to: 4251,
      text: 'Hours corrected from 2,900 to 4,251 at inspection',
    });
    const notice = 'Hours corrected from 2,900 to 4,251 at inspection';
    expect((await anon.get(`/api/reports/${listingId}`)).json().hoursNotice).toBe(notice);
    const pdf = await asDealer.get(`/api/reports/${listingId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(notice);
    // The tractor page and the inventory card carry the notice too.
    expect((await anon.get(`/api/listings/${listingId}`)).json().hoursNotice).toBe(notice);
    const card = (await asDealer.get('/api/listings'))
      .json()
      .items.find((c: { id: string }) => c.id === listingId);
    expect(card).toMatchObject({ hours: 4251, hoursNotice: notice });
  });

  it('a meter within 5% or 100 h of the listed hours publishes without confirming', async () => {
    await publishFirstReport();
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'listing.hours_corrected'));
    expect(audits).toHaveLength(0);
    expect((await anon.get(`/api/reports/${listingId}`)).json().hoursNotice).toBeNull();
  });

  it('an admin creates an inspector, who can sign in, open the queue and nothing of a dealer', async () => {
    const res = await asAdmin.post('/api/admin/inspectors', {
      name: 'Ivo Spector',
      email: 'Ivo@Example.com',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Ivo Spector', email: 'ivo@example.com' });
    const dup = await asAdmin.post('/api/admin/inspectors', {
      name: 'Ivo Again',
      email: 'ivo@example.com',
      password: TEST_PASSWORD,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.email).toBe('An account with this e-mail already exists');
    expect((await asDealer.post('/api/admin/inspectors', {})).statusCode).toBe(403);

    const asIvo = new TestClient(t.app);
    const signIn = await asIvo.post('/api/auth/sign-in', {
      email: 'ivo@example.com',
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBeLessThan(300);
    const me = await asIvo.get('/api/auth/session');
    expect(me.json().user).toMatchObject({ role: 'inspector', status: 'inspector' });
    const queue = await asIvo.get('/api/inspections');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.find((i: { id: string }) => i.id === listingId)).toMatchObject({
      status: 'inactive',
      rated: 0,
      total: CHECKPOINT_IDS.length,
      grade: null,
    });
    expect((await asIvo.get('/api/listings')).statusCode).toBe(403);
    expect((await asIvo.get('/api/offers/mine')).statusCode).toBe(403);
    expect((await asDealer.get('/api/inspections')).statusCode).toBe(403);
  });

  it('a new tractor is not live until it has a report or is sold as-is', async () => {
    expect((await anon.get(`/api/listings/${listingId}`)).statusCode).toBe(404);
    const activate = await asAdmin.post(`/api/admin/listings/${listingId}/status`, { status: 'active' });
    expect(activate.statusCode).toBe(409);
    expect(activate.json().error.message).toMatch(/published condition report/);
  });

  it('refuses bad input with a field message and saves nothing of it', async () => {
    expect((await put('engine.idle', 'ok', 'Smooth')).statusCode).toBe(200);
    const badRating = await put('engine.idle', 'great');
    expect(badRating.statusCode).toBe(400);
    expect(JSON.stringify(badRating.json().error.fields)).toContain(
      'Choose OK, Monitor, Repair or Not applicable',
    );
    const unknown = await put('engine.wings', 'ok');
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error.fields)).toContain('Unknown checkpoint');
    const tread = await asInspector.patch(`/api/inspections/${listingId}`, { treads: { 'front-left': 101 } });
    expect(tread.statusCode).toBe(400);
    expect(JSON.stringify(tread.json().error.fields)).toContain(
      'Enter the tread as a percentage from 0 to 100',
    );
    const notImage = await upload('identification.hour-meter', Buffer.from('%PDF-1.4 not an image'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.fields.file).toBe('Only JPEG, PNG, WebP or AVIF images can be uploaded');

    const over = overTheCap(IMAGE_MAX_BYTES);
    const big = await asInspector.request(
      'POST',
      `/api/inspections/${listingId}/photos?checkpointId=identification.hour-meter`,
      over.body,
      over.headers,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('Images must be 15 MB or smaller');

    const draft = (await asInspector.get(`/api/inspections/${listingId}`)).json();
    expect(draft.answers['engine.idle']).toEqual({ rating: 'ok', note: 'Smooth' });
    expect(draft.treads).toEqual({});
    expect(draft.photos).toEqual([]);
    expect(draft.rated).toBe(1);
  });

  it('publish asks for every checkpoint rated, then publishes, grades and takes the tractor live', async () => {
    expect((await put('engine.idle', 'ok', 'Smooth')).statusCode).toBe(200);
    const early = await asInspector.post(`/api/inspections/${listingId}/publish`);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(
      `Rate every checkpoint before publishing: ${CHECKPOINT_IDS.length - 1} of ${CHECKPOINT_IDS.length} not rated yet`,
    );
    expect(early.json().error.fields).toMatchObject({
      serial: 'Enter the serial/PIN',
      hourMeter: 'Enter the hour-meter reading',
      'identification.hour-meter': 'Add a photo of the hour meter',
    });
    const none = await t.app.ctx.db.select().from(inspectionRevisions);
    expect(none).toHaveLength(0);

    await completeDraft();

    const draft = (await asInspector.get(`/api/inspections/${listingId}`)).json();
    expect(draft).toMatchObject({ rated: CHECKPOINT_IDS.length, hourMeter: 4251 });
    expect(draft.treads).toEqual({ 'front-left': 80, 'front-right': 78, 'rear-left': 70, 'rear-right': 72 });

    const res = await asInspector.post(`/api/inspections/${listingId}/publish`);
    expect(res.statusCode).toBe(200);
    const expected = gradeInspection(
      Object.fromEntries(CHECKPOINT_IDS.map((id) => [id, ratingOf(id)])),
    ).grade;
    expect(res.json()).toMatchObject({ number: 1, grade: expected, live: true, notified: 0 });
    expect(expected).toBeGreaterThanOrEqual(4.9);

    const detail = (await anon.get(`/api/listings/${listingId}`)).json();
    expect(detail).toMatchObject({ status: 'active', grade: expected, asIsReason: null });
  });

  // docs/product/condition-reports.md#offline (decision 0086): the phone sends again whatever it did not hear back.
  it('a photo sent again with its client id is stored once, even when the sends race', async () => {
    const clientId = crypto.randomUUID();
    const data = await jpeg(800, 600);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const send = () => {
      const { body, headers } = multipart(data);
      return asInspector.request(
        'POST',
        `/api/inspections/${listingId}/photos?checkpointId=identification.hour-meter&clientId=${clientId}`,
        body,
        headers,
      );
    };
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ clientId, sha256 });
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    // Three sends of another photo at once: one row, every answer names it.
    const racing = crypto.randomUUID();
    const race = await Promise.all(
      [0, 1, 2].map(() => {
        const { body, headers } = multipart(data);
        return asInspector.request(
          'POST',
          `/api/inspections/${listingId}/photos?checkpointId=engine.idle&clientId=${racing}`,
          body,
          headers,
        );
      }),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(race.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.app.ctx.db.select().from(inspectionPhotos);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.clientId === racing)).toHaveLength(1);
    const draft = (await asInspector.get(`/api/inspections/${listingId}`)).json();
    expect(draft.photos.map((p: { sha256: string }) => p.sha256)).toEqual([sha256, sha256]);
    // The same client id on another tractor's draft is refused.
    const other = await asAdmin.post('/api/listings', {
      make: 'Case IH',
      model: 'Puma 150',
      year: 2018,
      hours: 3100,
      priceCents: 80_000_00,
      location: 'Iowa',
      ...TEST_YARD,
      condition: 'Good',
    });
    const { body, headers } = multipart(data);
    const elsewhere = await asInspector.request(
      'POST',
      `/api/inspections/${other.json().id}/photos?checkpointId=engine.idle&clientId=${clientId}`,
      body,
      headers,
    );
    expect(elsewhere.statusCode).toBe(409);
  });

  it('a submission publishes only with every listed photo held, and once however often it is sent', async () => {
    expect((await put('engine.idle', 'ok')).statusCode).toBe(200);
    await completeDraft();
    const submissionId = crypto.randomUUID();
    const missing = { clientId: crypto.randomUUID(), sha256: 'a'.repeat(64) };
    const early = await asInspector.post(`/api/inspections/${listingId}/publish`, {
      submissionId,
      photos: [missing],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Waiting to send 1 photo before publishing');
    const data = await jpeg(640, 480);
    const { body, headers } = multipart(data);
    const sent = await asInspector.request(
      'POST',
      `/api/inspections/${listingId}/photos?checkpointId=engine.idle&clientId=${missing.clientId}`,
      body,
      headers,
    );
    expect(sent.statusCode).toBe(201);
    // The wrong checksum is still not the phone's photo.
    expect(
      (await asInspector.post(`/api/inspections/${listingId}/publish`, { submissionId, photos: [missing] }))
        .statusCode,
    ).toBe(409);
    const held = { clientId: missing.clientId, sha256: createHash('sha256').update(data).digest('hex') };
    const answers = await Promise.all(
      [0, 1].map(() =>
        asInspector.post(`/api/inspections/${listingId}/publish`, { submissionId, photos: [held] }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().number)).toEqual([1, 1]);
    const again = await asInspector.post(`/api/inspections/${listingId}/publish`, { submissionId });
    expect(again.json()).toMatchObject({ number: 1, live: true, notified: 0 });
    expect(await t.app.ctx.db.select().from(inspectionRevisions)).toHaveLength(1);
  });

  // docs/product/want-lists.md#first-look: a hidden tractor answers exactly as a missing one.
  it('two phones answering one checkpoint: the later answer wins, and each phone is told what happened', async () => {
    const a = 'phone-a-0000-1111';
    const b = 'phone-b-0000-2222';
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000).toISOString();
    const save = (device: string, rating: string, note: string, changedAt: string) =>
      asInspector.put(`/api/inspections/${listingId}/answers`, {
        checkpointId: 'hydraulics.pump',
        rating,
        note,
        device,
        changedAt,
      });
    const saved = async (res: Awaited<ReturnType<typeof save>>) => {
      expect(res.statusCode).toBe(200);
      const { outcome, other } = res.json();
      return { outcome, other };
    };
    const onServer = async () =>
      (await asInspector.get(`/api/inspections/${listingId}`)).json().answers['hydraulics.pump'];

    // Phone A answers at 10 past; the same phone changing its own answer is simply saved.
    expect(await saved(await save(a, 'ok', '', at(10)))).toEqual({ outcome: 'saved', other: null });
    expect(await saved(await save(a, 'monitor', 'Slow', at(12)))).toEqual({ outcome: 'saved', other: null });
    // Phone B, later: it replaces A's answer and is told what it replaced.
    expect(await saved(await save(b, 'repair', 'Pump output 20% low', at(20)))).toEqual({
      outcome: 'replaced',
      other: { rating: 'monitor', note: 'Slow' },
    });
    // Phone A comes back from a dead spot with an answer given at 15 past: B's later one is kept, A is told.
    expect(await saved(await save(a, 'ok', '', at(15)))).toEqual({
      outcome: 'kept',
      other: { rating: 'repair', note: 'Pump output 20% low' },
    });
    expect(await onServer()).toEqual({ rating: 'repair', note: 'Pump output 20% low' });
    // A phone whose clock runs ahead counts as now: a later real answer still wins over it.
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    expect((await saved(await save(a, 'na', '', ahead))).outcome).toBe('replaced');
    expect((await saved(await save(b, 'repair', 'Checked again', new Date().toISOString()))).outcome).toBe(
      'replaced',
    );
    expect(await onServer()).toEqual({ rating: 'repair', note: 'Checked again' });
    // The same answer from the other phone replaces nothing worth telling.
    expect(await saved(await save(a, 'repair', 'Checked again', new Date().toISOString()))).toEqual({
      outcome: 'saved',
      other: null,
    });
    // Bad device ids and times are refused with a field message.
    const bad = await save('x', 'ok', '', at(30));
    expect([bad.statusCode, bad.json().error.fields.device]).toEqual([400, 'Invalid device id']);
    expect((await save(a, 'ok', '', 'yesterday')).statusCode).toBe(400);
  });

  it('the engine sound: kept as recorded and once however often sent, heard by whoever may read the report', async () => {
    const wav = engineWav(20, 1);
    const clientId = crypto.randomUUID();
    const send = (data: Buffer, id = clientId) => {
      const { body, headers } = multipart(data);
      return asInspector.request(
        'POST',
        `/api/inspections/${listingId}/photos?checkpointId=engine.sound&clientId=${id}`,
        body,
        headers,
      );
    };
    const sends = await Promise.all([send(wav), send(wav)]);
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const stored = sends[0].json();
    expect(sends[1].json().id).toBe(stored.id);
    expect(stored).toMatchObject({
      checkpointId: 'engine.sound',
      mediaType: 'audio/wav',
      clientId,
      sha256: createHash('sha256').update(wav).digest('hex'),
    });
    expect(stored.src).toMatch(/^\/api\/recordings\/[0-9a-f-]{36}$/);
    // Not a sound file, too long, or filed under a checkpoint that does not exist: refused, nothing kept.
    const jpg = await send(await jpeg(64, 48), crypto.randomUUID());
    expect([jpg.statusCode, jpg.json().error.message]).toEqual([
      415,
      'Choose a sound recording (WebM, Ogg, MP4, WAV or MP3)',
    ]);
    const long = await send(engineWav(45, 2, 8000), crypto.randomUUID());
    expect([long.statusCode, long.json().error.message]).toEqual([400, 'A recording is at most 30 seconds']);
    expect((await upload('engine.noise-level', wav)).statusCode).toBe(400);
    // A photo is not filed as the engine sound, nor a recording as a photo.
    expect((await upload('engine.idle', wav)).statusCode).toBe(415);
    const rows = await t.app.ctx.db.select().from(inspectionPhotos);
    expect(rows.filter((r) => r.checkpointId === 'engine.sound')).toHaveLength(1);

    // The inspector hears it back byte for byte; nobody outside the report does.
    const heard = await asInspector.get(stored.src);
    expect(heard.statusCode).toBe(200);
    expect(heard.headers['content-type']).toBe('audio/wav');
    expect(heard.headers['x-content-type-options']).toBe('nosniff');
    expect(heard.rawPayload.equals(wav)).toBe(true);
    expect((await asDealer.get(stored.src)).statusCode).toBe(404); // not live yet
    expect((await anon.get(`/api/recordings/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await anon.get('/api/recordings/not-an-id')).statusCode).toBe(400);

    // Published with the report (it is not rated: 100 checkpoints still make the report).
    await publishFirstReport();
    const full = (await asDealer.get(`/api/reports/${listingId}`)).json();
    const recordings = full.report.photos.filter((p: { mediaType?: string }) => p.mediaType);
    expect(recordings).toEqual([expect.objectContaining({ src: stored.src, mediaType: 'audio/wav' })]);
    expect((await asDealer.get(stored.src)).rawPayload.equals(wav)).toBe(true);
    expect((await anon.get(stored.src)).statusCode).toBe(404);
    const pending = await TestClient.as(t.app, await createUser(t.app, { status: 'pending' }));
    expect((await pending.get(stored.src)).statusCode).toBe(404);
    const text = pdfText((await asDealer.get(`/api/reports/${listingId}/pdf`)).rawPayload);
    expect(text).toContain('Engine sound');
    expect(text).toContain('play it on the report on FieldLot');
  });

  it('the report, its PDF and its photos of a tractor under a first look are missing for everyone outside it', async () => {
    await publishFirstReport();
    const granted = await createUser(t.app, { status: 'approved' });
    const asGranted = await TestClient.as(t.app, granted);
    const photo = (await asDealer.get(`/api/reports/${listingId}`)).json().report.photos[0].src as string;
    await underFirstLook(t.app, listingId, [granted]);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [client, url] of [
      [anon, `/api/reports/${listingId}`],
      [asDealer, `/api/reports/${listingId}`],
      [asDealer, `/api/reports/${listingId}/pdf`],
    ] as const) {
      const hidden = await client.get(url);
      expect(hidden.statusCode, url).toBe(404);
      expect(hidden.json()).toEqual((await client.get(url.replace(listingId, missing))).json());
      expect((await asGranted.get(url)).statusCode, url).toBe(200);
    }
    const gone = photo.replace(/[0-9a-f-]{36}-800/, `${missing}-800`);
    expect((await asDealer.get(photo)).statusCode).toBe(404);
    expect((await asDealer.get(photo)).json()).toEqual((await asDealer.get(gone)).json());
    expect((await asGranted.get(photo)).statusCode).toBe(200);
    expect((await asInspector.get(photo)).statusCode).toBe(200);
    expect((await asInspector.get(`/api/reports/${listingId}`)).statusCode).toBe(200);
  });

  it('signed-out visitors get the grade only; approved dealers the full report and the PDF', async () => {
    await publishFirstReport();
    const pub = (await anon.get(`/api/reports/${listingId}`)).json();
    expect(pub.summary).toMatchObject({ number: 1, inspectorName: 'Ina Spector' });
    expect(pub.report).toBeNull();
    expect(pub.revisions).toEqual([]);
    const pending = await TestClient.as(t.app, await createUser(t.app, { status: 'pending' }));
    expect((await pending.get(`/api/reports/${listingId}`)).json().report).toBeNull();

    const full = (await asDealer.get(`/api/reports/${listingId}`)).json();
    expect(full.report.ratings['hydraulics.remote-leaks']).toEqual({ rating: 'monitor', note: '' });
    expect(full.report.ratings['engine.idle']).toEqual({ rating: 'ok', note: 'Smooth' });
    expect(full.report.treads['front-left']).toBe(80);
    expect(full.report.photos).toHaveLength(2);
    // Report photos are served to the dealer who may read the report, never to a signed-out visitor.
    const photo = full.report.photos[0].src as string;
    expect((await asDealer.get(photo)).statusCode).toBe(200);
    expect((await asInspector.get(photo)).statusCode).toBe(200);
    expect((await anon.get(photo)).statusCode).toBe(404);
    expect(full.report).toMatchObject({ serial: 'RW6155R012345', hourMeter: 4251 });

    const pdf = await asDealer.get(`/api/reports/${listingId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Grade ${full.report.grade.toFixed(1)} of 5`);
    expect(text).toContain('How we grade');
    expect(text).toContain('2019 John Deere 6155R');
    expect((await anon.get(`/api/reports/${listingId}/pdf`)).statusCode).toBe(401);
  });

  it('the grade filter and the grade sort work in the inventory', async () => {
    await publishFirstReport();
    const other = await asAdmin.post('/api/listings', {
      make: 'Kubota',
      model: 'M7-172',
      year: 2018,
      location: 'Ohio',
      ...TEST_YARD,
    });
    await asAdmin.post(`/api/admin/listings/${other.json().id}/as-is`, {
      reason: 'Auction lot, sold as seen',
    });
    const all = (await asDealer.get('/api/listings')).json();
    expect(all.items.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining([listingId, other.json().id]),
    );
    const graded = (await asDealer.get('/api/listings?gradeMin=4.5')).json();
    expect(graded.items.map((i: { id: string }) => i.id)).toEqual([listingId]);
    expect(graded.items[0].grade).toBeGreaterThanOrEqual(4.5);
    const sorted = (await anon.get('/api/listings/public?sort=grade_desc')).json();
    expect(sorted.items[0].id).toBe(listingId);
    expect(sorted.items.at(-1).grade).toBeNull();
    const otherCard = all.items.find((i: { id: string }) => i.id === other.json().id);
    expect(otherCard).toMatchObject({ asIs: true, grade: null });
    const asIs = (await asDealer.get(`/api/listings/${other.json().id}`)).json();
    expect(asIs).toMatchObject({ status: 'active', asIsReason: 'Auction lot, sold as seen', grade: null });
    // The reason follows the tractor to the dealer's offers (My Offers and Purchased Inventory read them).
    const offered = await asDealer.post('/api/offers', {
      listingId: other.json().id,
      offerType: 'offer',
      amount: '1,000',
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const mine = (await asDealer.get('/api/offers/mine')).json().offers;
    expect(mine.find((o: { listingId: string }) => o.listingId === other.json().id).listing).toMatchObject({
      asIsReason: 'Auction lot, sold as seen',
    });
    const bad = await asDealer.get('/api/listings?gradeMin=7');
    expect(bad.statusCode).toBe(400);
  });

  it('Delete archives a tractor whose report was published instead of deleting it (a record)', async () => {
    const created = await asAdmin.post('/api/listings', {
      make: 'Kubota',
      model: 'M5-111',
      year: 2019,
      location: 'Iowa',
      ...TEST_YARD,
    });
    const id = created.json().id as string;
    // Only the listing's grade is read by Delete: set it as a publish does.
    await t.app.ctx.db.update(listings).set({ gradeTenths: 40 }).where(eq(listings.id, id));
    const res = await asAdmin.delete(`/api/admin/listings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'archived' });
    const [row] = await t.app.ctx.db
      .select({ archivedAt: listings.archivedAt })
      .from(listings)
      .where(eq(listings.id, id));
    expect(row.archivedAt).not.toBeNull();
  });

  it('an edit makes a revision, keeps earlier ones readable and tells dealers with an open offer', async () => {
    await publishFirstReport();
    const offer = await asDealer.post('/api/offers', { listingId, offerType: 'offer', amount: 90_000 });
    expect(offer.statusCode).toBe(201);
    const lowHours = await asInspector.patch(`/api/inspections/${listingId}`, { hourMeter: 4000 });
    expect(lowHours.statusCode).toBe(400);
    expect(lowHours.json().error.fields.hourMeter).toBe(
      "The hour-meter reading cannot be below the last report's 4,251 hours",
    );
    // A dealer watching the tractor is told too (docs/product/dealer-tools.md#watchlist).
    const watcher = await createUser(t.app, { status: 'approved' });
    expect((await (await TestClient.as(t.app, watcher)).put(`/api/watchlist/${listingId}`)).statusCode).toBe(
      200,
    );
    await put('hydraulics.pump', 'repair', 'Pump output 20% low');
    const res = await asInspector.post(`/api/inspections/${listingId}/publish`);
    expect(res.json()).toMatchObject({ number: 2, notified: 1 });
    const [watchMail] = await mailsTo(t, watcher.email);
    expect(watchMail).toMatchObject({
      template: 'watchlist-notice',
      payload: { kind: 'report_changed', listingId },
    });
    expect(res.json().grade).toBeLessThan(4.9);

    const mails = await mailsTo(t, dealer.email);
    expect(mails[0]).toMatchObject({ template: 'inspection-report-changed' });
    expect((mails[0].payload as { number: number }).number).toBe(2);

    const latest = (await asDealer.get(`/api/reports/${listingId}`)).json();
    expect(latest.report.number).toBe(2);
    expect(latest.revisions.map((r: { number: number }) => r.number)).toEqual([2, 1]);
    const first = (await asDealer.get(`/api/reports/${listingId}?revision=1`)).json();
    expect(first.report.ratings['hydraulics.pump'].rating).toBe('ok');
    expect((await asDealer.get(`/api/reports/${listingId}?revision=9`)).statusCode).toBe(404);
    const card = (await asDealer.get('/api/listings'))
      .json()
      .items.find((i: { id: string }) => i.id === listingId);
    expect(card.grade).toBe(res.json().grade);
  });

  it('the accepted purchase keeps the revision in force, whatever comes after', async () => {
    await publishFirstReport();
    expect((await publishRevisionWithOffer()).json()).toMatchObject({ number: 2 });
    const [open] = await t.app.ctx.db
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.listingId, listingId));
    const accept = await asAdmin.post(`/api/admin/offers/${open.id}/accept`, {});
    expect(accept.statusCode).toBe(200);
    const purchased = (await asDealer.get('/api/reports/purchased')).json();
    expect(purchased.items).toEqual([expect.objectContaining({ offerId: open.id, listingId, number: 2 })]);
    // The buyer still reads the sold tractor's report, and the frozen revision in full.
    const frozen = (await asDealer.get(`/api/reports/${listingId}?revision=2`)).json();
    expect(frozen.report.ratings['hydraulics.pump']).toEqual({
      rating: 'repair',
      note: 'Pump output 20% low',
    });
    // A revision is a record: the database refuses to change or delete it.
    const refusal = (q: ReturnType<typeof sql>) =>
      t.app.ctx.db.execute(q).then(
        () => 'changed',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(
      await refusal(sql`update inspection_revisions set grade_tenths = 50 where listing_id = ${listingId}`),
    ).toMatch(/insert-only/);
    expect(await refusal(sql`delete from inspection_revisions where listing_id = ${listingId}`)).toMatch(
      /insert-only/,
    );
    const [row] = await t.app.ctx.db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, listingId));
    expect(row.status).toBe('sold');
  });
});
