import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { astToString, openapiTS } from 'fieldlot-openapi-typegen';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../../domain/errors.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { createTestApp, createUser, openTestDatabase, type TestApp, TestClient } from '../test/test-app.js';
import { API_TYPES_FILE, apiTypesSource } from './api-types.js';
import {
  type ApiRouteInfo,
  apiRoutes,
  routeDocProblems,
  routeErrorCodes,
  STABLE_OPERATIONS,
  undocumentedAnswers,
} from './route-docs.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operations(doc: OpenAPIV3_1.Document) {
  return Object.entries(doc.paths ?? {}).flatMap(([url, item]) =>
    METHODS.filter((m) => item?.[m]).map((m) => ({
      url,
      method: m,
      op: item?.[m] as OpenAPIV3_1.OperationObject,
    })),
  );
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenAPIV3_1.Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is valid OpenAPI 3.1 (swagger-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('generates TypeScript types with openapi-typescript', async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never));
    expect(source).toContain('"listings.search": {');
    expect(source).toContain('ApiError: {');
  });

  it('names the shared shapes once in components.schemas and the operations returning them refer to them', () => {
    const ref = (name: string) => `"$ref":"#/components/schemas/${name}"`;
    const returns = (operationId: string) => {
      const op = operations(doc).find((o) => o.op.operationId === operationId)?.op;
      expect(op, operationId).toBeDefined();
      const ok = op?.responses?.['200'] ?? op?.responses?.['201'];
      return JSON.stringify((ok as OpenAPIV3_1.ResponseObject).content?.['application/json']?.schema);
    };
    const expected: Record<string, string[]> = {
      ListingCard: ['listings.search', 'watchlist.list', 'recent.list'],
      PublicListingCard: ['listings.searchPublic'],
      ListingDetail: ['listings.get', 'listings.getMine'],
      Offer: ['offers.create', 'offers.get', 'offers.withdraw', 'offers.counter'],
      OfferWithListing: ['offers.listMine', 'offers.listMineOnListing'],
      AdminOffer: ['offers.listAll'],
      Purchase: [
        'purchases.mine',
        'purchases.one',
        'purchases.adminList',
        'purchases.recordPayment',
        'offers.listPurchases',
      ],
      SoldPurchase: ['purchases.sold', 'purchases.soldOne'],
    };
    for (const [name, operationIds] of Object.entries(expected)) {
      expect(doc.components?.schemas?.[name], name).toMatchObject({ type: 'object' });
      for (const id of operationIds) expect(returns(id), `${id} returns ${name}`).toContain(ref(name));
    }
    // Inline copies would make a generated client's types differ per operation.
    expect(returns('listings.search')).not.toContain('"priceCents"');
    expect(doc.components?.schemas?.ApiError).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('matches the committed web types (web/src/lib/api-types.gen.ts)', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8').catch(() => '');
    const fresh = await apiTypesSource(doc);
    expect(
      committed === fresh,
      'web/src/lib/api-types.gen.ts differs from what the routes generate: run `npm run openapi:types`',
    ).toBe(true);
    expect(fresh).toContain('ListingCard: {');
  });

  it('documents every registered route with operationId, summary, feature tag and errors', () => {
    expect(routeDocProblems(apiRoutes)).toEqual([]);
    const ops = operations(doc);
    const documented = new Set(
      apiRoutes.filter((r) => r.method !== 'HEAD' && !r.schema?.hide).map((r) => `${r.method} ${r.url}`),
    );
    expect(ops.length).toBe(documented.size);
    for (const { url, method, op } of ops) {
      expect(op.operationId, `${method} ${url}`).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(op.summary, `${method} ${url}`).toBeTruthy();
      expect(op.tags, `${method} ${url}`).toHaveLength(1);
    }
    const tags = new Set(doc.tags?.map((tag) => tag.name));
    for (const { op } of ops) expect(tags).toContain(op.tags?.[0]);
  });

  it('marks the stable operations, and every one of them exists', () => {
    const byId = new Map(operations(doc).map(({ op }) => [op.operationId, op]));
    for (const id of STABLE_OPERATIONS) expect(byId.get(id)?.description, id).toMatch(/^\*\*Stable\*\*/);
    expect(byId.get('offers.accept')?.description).toMatch(/^\*\*Internal\*\*/);
  });

  it('gives every error response the shared error body, and 429 its Retry-After header', () => {
    const ops = operations(doc);
    let errorResponses = 0;
    for (const { url, method, op } of ops) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400 || Number(status) >= 500) continue;
        errorResponses += 1;
        const body = (response as OpenAPIV3_1.ResponseObject).content?.['application/json']?.schema;
        expect(body, `${method} ${url} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
        const example = (response as OpenAPIV3_1.ResponseObject).content?.['application/json']?.example;
        const exampleCode = example?.error?.code as ErrorCode;
        expect(ERROR_STATUS[exampleCode], `${method} ${url} ${status} example`).toBe(Number(status));
        if (status === '429')
          expect((response as OpenAPIV3_1.ResponseObject).headers?.['retry-after']).toEqual({
            description: 'Seconds until the next attempt is allowed.',
            schema: { type: 'integer' },
          });
      }
    }
    expect(errorResponses).toBeGreaterThan(ops.length);
    const signIn = doc.paths?.['/api/auth/sign-in']?.post;
    expect(Object.keys(signIn?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '429']),
    );
    const accept = doc.paths?.['/api/admin/offers/{offerId}/accept']?.post;
    expect(Object.keys(accept?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
  });
});

describe('the route documentation check', () => {
  const good: ApiRouteInfo = {
    method: 'POST',
    url: '/api/offers/:offerId/withdraw',
    access: 'dealer',
    skipCsrf: false,
    schema: {
      operationId: 'offers.withdraw',
      summary: 'Withdraw my pending offer',
      errors: ['NOT_FOUND', 'CONFLICT'],
      params: z.object({ offerId: z.uuid() }),
      response: { 200: z.object({ id: z.string() }) },
    },
  };

  it('passes a fully declared route', () => {
    expect(routeDocProblems([good])).toEqual([]);
  });

  it('fails a route added without a summary, errors, operationId or success schema', () => {
    const { summary: _s, errors: _e, ...noSummaryNoErrors } = good.schema ?? {};
    expect(routeDocProblems([{ ...good, schema: noSummaryNoErrors }])).toEqual([
      'POST /api/offers/:offerId/withdraw: no summary',
      'POST /api/offers/:offerId/withdraw: no errors declared (schema.errors; [] when none beyond access and input)',
    ]);
    expect(routeDocProblems([{ ...good, schema: undefined }])).toHaveLength(4);
    expect(
      routeDocProblems([{ ...good, schema: { ...good.schema, operationId: 'tractors.withdraw' } }]),
    ).toEqual([
      "POST /api/offers/:offerId/withdraw: operationId 'tractors.withdraw' names no feature of FEATURES (openapi/route-docs.ts)",
    ]);
    expect(
      routeDocProblems([good, { ...good, url: '/api/offers/:offerId/cancel' }]).some((p) =>
        p.includes('also used'),
      ),
    ).toBe(true);
  });

  it('derives the error statuses from input, access rule, method and declared errors', () => {
    expect(routeErrorCodes(good)).toEqual([
      'VALIDATION',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'CSRF',
      'NOT_FOUND',
      'CONFLICT',
    ]);
    const publicRead = { method: 'GET', access: 'public' as const, skipCsrf: false, schema: { errors: [] } };
    expect(routeErrorCodes(publicRead)).toEqual([]);
    expect(routeErrorCodes({ ...publicRead, access: 'signedIn' })).toEqual(['UNAUTHENTICATED']);
  });
});

describe('answers the document does not list', () => {
  it('are recorded outside production', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, serveWeb: false });
    try {
      app.get(
        '/api/undeclared-conflict',
        { config: { access: 'public' }, schema: { operationId: 'site.conflict', summary: 'x', errors: [] } },
        async (_req, reply) => reply.code(409).send({ error: { code: 'CONFLICT', message: 'No' } }),
      );
      await app.ready();
      const before = undocumentedAnswers.length;
      await app.inject('/api/undeclared-conflict');
      await app.inject('/api/health/live');
      expect(undocumentedAnswers.slice(before)).toEqual(['GET /api/undeclared-conflict answered 409']);
      undocumentedAnswers.splice(before);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('the API document and reference page in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true, publicUrl: 'https://fieldlot.example' });
  });
  afterAll(() => t?.close());

  it('are for signed-in admins only', async () => {
    const dealer = await TestClient.as(t.app, await createUser(t.app, { status: 'approved' }));
    const admin = await TestClient.as(t.app, await createUser(t.app, { status: 'admin' }));
    const anonymous = new TestClient(t.app);
    for (const url of ['/api/docs', '/api/reference', '/api/reference/swagger-ui-bundle.js']) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
      expect((await dealer.get(url)).statusCode, url).toBe(403);
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
    const page = await admin.get('/api/reference');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/reference/swagger-ui-bundle.js');
    expect((await admin.get('/api/reference/index.html')).statusCode).toBe(404);
  });
});
