import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, ERROR_MEANING, ERROR_STATUS, type ErrorCode } from '../../../domain/errors.js';
import type { Access } from '../plugins/auth.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The errors this route answers beyond what its access rule and input imply (routeErrorCodes adds
     * VALIDATION, UNAUTHENTICATED, FORBIDDEN and CSRF itself): e.g. ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'].
     * Required on every documented route, `[]` when there are none.
     */
    errors?: readonly ErrorCode[];
  }
}

/** One tag per feature. An operationId is `<feature>.<action>`; its feature picks the tag. */
export const FEATURES: Record<string, { tag: string; description: string }> = {
  auth: { tag: 'Auth', description: 'Sign in and out (session cookie), password resets, sign-in links.' },
  users: { tag: 'Users', description: 'Dealer applications, profiles and brand alerts; admin review.' },
  listings: {
    tag: 'Listings',
    description: 'Tractor inventory: search, details, and admin listing management.',
  },
  images: { tag: 'Images', description: 'Listing pictures: the WebP files and admin uploads.' },
  offers: {
    tag: 'Offers',
    description: 'Offers and buy-now requests by dealers; admin accept, reject, counter.',
  },
  inspections: {
    tag: 'Inspections',
    description:
      'Condition reports: inspectors fill and publish them; dealers read them, their revisions and PDFs.',
  },
  watchlist: { tag: 'Watchlist', description: 'Tractors a dealer watches, and the notices about them.' },
  searches: {
    tag: 'Saved searches',
    description: 'Named inventory searches with alerts (instantly, in the daily e-mail, off).',
  },
  recent: { tag: 'Recently viewed', description: 'The last tractors a dealer opened, on any device.' },
  team: {
    tag: 'Team',
    description: 'Dealership teams: members, roles, per-offer limits, invitations.',
  },
  exports: {
    tag: 'Data exports',
    description:
      'A dealership owner\'s "Download all our data": the request, its state, and the e-mailed single-use link\'s ZIP.',
  },
  purchases: {
    tag: 'Purchases',
    description:
      'After the deal: purchases, invoices, payments, gate passes, delivery, title, guarantee claims; landed cost.',
  },
  inquiries: { tag: 'Inquiries', description: 'Sell-your-tractor inquiries and their admin review.' },
  wants: {
    tag: 'Want-lists',
    description: "What dealers would buy: alerts on new listings, farmers' tractors matched and answered.",
  },
  market: {
    tag: 'Market',
    description:
      "FieldLot's sales history: FieldLot Value with comparables, the dealers' market pages and the admin's whole market.",
  },
  sales: {
    tag: 'Timed Sales',
    description: 'The weekly Timed Sale: sales, run lists, bids and maximum bids, the close and "if" sales.',
  },
  notifications: { tag: 'Notifications', description: 'E-mail alerts: unsubscribe, admin sends.' },
  admin: { tag: 'Admin', description: 'Administrator dashboard: statistics, mail outbox, mail previews.' },
  audit: { tag: 'Audit', description: 'The audit log of security and admin events.' },
  events: { tag: 'Events', description: 'Live updates over server-sent events.' },
  site: { tag: 'Site', description: 'Public site settings (brand, contact details).' },
  health: { tag: 'Health', description: 'Liveness and readiness for the orchestrator.' },
};

/**
 * The operations integrators may build on: they change only by additions (new optional fields, new
 * operations) within version 1. Everything else serves FieldLot's own web app and may change with it.
 */
export const STABLE_OPERATIONS = new Set([
  'auth.session',
  'auth.signIn',
  'auth.signOut',
  'listings.search',
  'listings.get',
  'images.get',
  'offers.create',
  'offers.listMine',
  'offers.listMineOnListing',
  'offers.get',
  'offers.listPurchases',
  'offers.acceptCounter',
  'offers.withdraw',
  'users.getMe',
  'health.live',
  'health.ready',
]);

export const OPERATION_ID = /^([a-z][a-zA-Z]*)\.([a-z][a-zA-Z]*)$/;

/** Routes that are the documentation itself (not operations of the API). */
export const UNDOCUMENTED_URLS = new Set(['/api/docs', '/api/reference', '/api/reference/:asset']);

export interface ApiRouteInfo {
  method: string;
  url: string;
  access: Access | undefined;
  skipCsrf: boolean;
  schema: FastifySchema | undefined;
}

/** Every /api route as registered (the completeness test walks this). */
export const apiRoutes: ApiRouteInfo[] = [];

/** Outside production: answers with an error status the route's document does not list ("GET /api/x answered 409"). */
export const undocumentedAnswers: string[] = [];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which errors a route can answer: from its input, its access rule, its method, and what it declares. */
export function routeErrorCodes(route: Omit<ApiRouteInfo, 'url'>): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const s = route.schema ?? {};
  if (s.body || s.querystring || s.params || s.headers) codes.add('VALIDATION');
  if (s.body) codes.add('BAD_REQUEST');
  if (route.access !== 'public') codes.add('UNAUTHENTICATED');
  if (route.access === 'dealer' || route.access === 'inspector' || route.access === 'admin')
    codes.add('FORBIDDEN');
  if (!SAFE_METHODS.has(route.method) && !route.skipCsrf) codes.add('CSRF');
  for (const code of s.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

/** The example body shown for a status: its first code, with the extra fields that code carries. */
function example(code: ErrorCode) {
  if (code === 'VALIDATION')
    return { error: { code, message: 'Price is required', fields: { priceCents: 'Price is required' } } };
  if (code === 'RATE_LIMITED')
    return { error: { code, message: 'Too many attempts. Please try again later.', retryAfterSeconds: 900 } };
  return { error: { code, message: ERROR_MEANING[code].split(/[;(]/)[0].trim() } };
}

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Record<number, unknown> = {};
  for (const [status, list] of byStatus) {
    responses[status] = {
      description: list.map((c) => `\`${c}\`: ${ERROR_MEANING[c]}`).join(' '),
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  return responses;
}

const SUCCESS: Record<string, string> = { 200: 'OK', 201: 'Created' };

/** JSON success schemas get a description ("OK", "Created") instead of Swagger's "Default Response". */
function successResponses(response: unknown) {
  const out: Record<string, unknown> = { ...(response as Record<string, unknown>) };
  for (const [status, schema] of Object.entries(out)) {
    if (SUCCESS[status] && schema instanceof z.ZodType)
      out[status] = { description: SUCCESS[status], content: { 'application/json': { schema } } };
  }
  return out;
}

/**
 * The swagger transform: the route's zod schemas become JSON Schema (fastify-type-provider-zod), plus the
 * feature tag, the security the access rule needs, and the error responses with the shared error body.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { route } = input;
  const schema = (input.schema ?? {}) as FastifySchema & Record<string, unknown>;
  // The SPA's own routes (`/`, static files) are not API operations.
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  if (schema.hide) return jsonSchemaTransform(input as never);
  const { errors: _declared, ...rest } = schema;
  const method = [route.method].flat()[0];
  const access = route.config?.access;
  const skipCsrf = route.config?.skipCsrf === true;
  const codes = routeErrorCodes({ method, access, skipCsrf, schema });
  const feature = schema.operationId?.split('.')[0];
  const tag = feature ? FEATURES[feature]?.tag : undefined;
  const needsCsrf = !SAFE_METHODS.has(method) && !skipCsrf;
  const requirement = {
    ...(access === 'public' ? {} : { session: [] }),
    ...(needsCsrf ? { csrf: [] } : {}),
  };
  const stable = schema.operationId ? STABLE_OPERATIONS.has(schema.operationId) : false;
  const out = jsonSchemaTransform({
    ...input,
    schema: {
      ...rest,
      description: [
        stable
          ? '**Stable**: changes only by additions within version 1.'
          : "**Internal**: serves FieldLot's web app; may change without notice.",
        rest.description,
      ]
        .filter(Boolean)
        .join('\n\n'),
      ...(tag ? { tags: [tag] } : {}),
      security: Object.keys(requirement).length ? [requirement] : [],
      response: { ...successResponses(rest.response), ...errorResponses(codes) },
    },
  } as never) as { schema: { response?: Record<string, Record<string, unknown>> }; url: string };
  // fastify-type-provider-zod keeps only the schema of each content type: put back examples and headers.
  for (const [status, response] of Object.entries(out.schema.response ?? {})) {
    const json = (response.content as Record<string, Record<string, unknown>> | undefined)?.[
      'application/json'
    ];
    const first = codes.find((c) => ERROR_STATUS[c] === Number(status));
    if (first && json) json.example = example(first);
    if (status === '429')
      response.headers = {
        'retry-after': { type: 'integer', description: 'Seconds until the next attempt is allowed.' },
      };
  }
  return out as ReturnType<SwaggerTransform>;
};

/** What a route lacks to be documented (operationId, one-line summary, feature tag, declared errors). */
export function routeDocProblems(routes: readonly ApiRouteInfo[]): string[] {
  const problems: string[] = [];
  const seenIds = new Map<string, string>();
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
  for (const [key, route] of byKey) {
    if (route.method === 'HEAD' || UNDOCUMENTED_URLS.has(route.url)) continue;
    const s = route.schema ?? {};
    if (s.hide) problems.push(`${key}: hidden from the API document`);
    const id = s.operationId;
    if (!id) problems.push(`${key}: no operationId (e.g. 'listings.search')`);
    else if (!OPERATION_ID.test(id)) problems.push(`${key}: operationId '${id}' is not '<feature>.<action>'`);
    else if (!FEATURES[id.split('.')[0]])
      problems.push(`${key}: operationId '${id}' names no feature of FEATURES (openapi/route-docs.ts)`);
    else if (seenIds.has(id)) problems.push(`${key}: operationId '${id}' is also used by ${seenIds.get(id)}`);
    if (id) seenIds.set(id, key);
    if (!s.summary?.trim()) problems.push(`${key}: no summary`);
    else if (/\n/.test(s.summary) || s.summary.length > 90)
      problems.push(`${key}: summary must be one line of at most 90 characters`);
    if (!s.errors)
      problems.push(`${key}: no errors declared (schema.errors; [] when none beyond access and input)`);
    const statuses = Object.keys(s.response ?? {});
    if (!statuses.some((st) => /^2\d\d$/.test(st))) problems.push(`${key}: no success response schema`);
  }
  return problems;
}
