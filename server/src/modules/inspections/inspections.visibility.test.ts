import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewStatus } from '../../../../domain/dealer-listings.js';
import { listings } from '../../db/schema.js';
import { createTestApp, createUser, type TestApp, TestClient } from '../../test/test-app.js';

/** Inspectors see only listings submitted for inspection (inspections.service.ts `hiddenFromActor`). */
describe('what an inspector sees', () => {
  let t: TestApp;
  let asInspector: TestClient;
  let asAdmin: TestClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    asInspector = await TestClient.as(t.app, await createUser(t.app, { status: 'inspector' }));
    asAdmin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const dealer = await createUser(t.app, { status: 'approved' });
    const stages: [string, ReviewStatus | null, 'active' | 'inactive'][] = [
      ['own', null, 'inactive'],
      ['draft', 'draft', 'inactive'],
      ['returned', 'changes_requested', 'inactive'],
      ['withdrawn', 'withdrawn', 'inactive'],
      ['inReview', 'in_review', 'inactive'],
      ['live', 'approved', 'active'],
    ];
    for (const [key, reviewStatus, status] of stages) {
      const [row] = await t.app.ctx.db
        .insert(listings)
        .values({
          userId: dealer.id,
          sellerUserId: reviewStatus ? dealer.id : null,
          reviewStatus,
          status,
          make: 'Case IH',
          model: `Magnum ${key}`,
          year: 2018,
          hours: 3100,
          priceCents: 120_000_00,
          location: 'Ames, IA',
        })
        .returning({ id: listings.id });
      ids[key] = row.id;
    }
  });
  afterAll(() => t?.close());

  it("lists FieldLot's own and submitted listings, never a dealer's draft, returned or withdrawn one", async () => {
    const res = await asInspector.get('/api/inspections');
    expect(res.statusCode, res.body).toBe(200);
    const seen = new Set((res.json().items as { id: string }[]).map((r) => r.id));
    expect([ids.own, ids.inReview, ids.live].every((id) => seen.has(id))).toBe(true);
    expect([ids.draft, ids.returned, ids.withdrawn].some((id) => seen.has(id))).toBe(false);
    // An admin's list keeps every listing.
    const admin = new Set(
      ((await asAdmin.get('/api/inspections')).json().items as { id: string }[]).map((r) => r.id),
    );
    expect(admin.has(ids.draft)).toBe(true);
  });

  it('answers 404 for the detail of an unsubmitted draft and refuses to write on it', async () => {
    for (const key of ['draft', 'returned', 'withdrawn']) {
      expect((await asInspector.get(`/api/inspections/${ids[key]}`)).statusCode).toBe(404);
      const put = await asInspector.put(`/api/inspections/${ids[key]}/answers`, {
        checkpointId: 'engine.idle',
        rating: 'ok',
        note: '',
      });
      expect(put.statusCode).toBe(404);
      expect((await asInspector.patch(`/api/inspections/${ids[key]}`, { serial: 'X1' })).statusCode).toBe(
        404,
      );
    }
    expect((await asInspector.get(`/api/inspections/${ids.inReview}`)).statusCode).toBe(200);
  });
});
