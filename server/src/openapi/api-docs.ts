import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ERROR_STATUS } from '../../../domain/errors.js';
import { CSRF_HEADER, cookieNames } from '../../../domain/session-cookies.js';
import type { AppConfig } from '../config.js';
import type { Access } from '../plugins/auth.js';
import {
  apiRoutes,
  documentRoute,
  FEATURES,
  routeErrorCodes,
  UNDOCUMENTED_URLS,
  undocumentedAnswers,
} from './route-docs.js';

/** The document and its reference page: open in development and tests, admins only in production (0013). */
export const docsAccess = (config: AppConfig): Access => (config.production ? 'admin' : 'public');

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Swagger UI, served from our own origin: no CDN, no external validator badge, reads /api/docs. */
const REFERENCE_HTML = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/api/reference/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/reference/swagger-ui-bundle.js"></script>
<script src="/api/reference/reference.js"></script>
</body>
</html>
`;

// A file, not an inline script, so the page runs under the site's CSP (script-src 'self') unchanged.
const REFERENCE_JS = `window.ui = SwaggerUIBundle({
  url: '/api/docs',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  filter: true,
  validatorUrl: null,
  // Reads only: writes need the anti-forgery header, and an admin's session should not be one click away.
  supportedSubmitMethods: ['get'],
});
`;

const ASSETS: Record<string, { file?: string; body?: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'reference.js': { body: REFERENCE_JS, type: 'text/javascript; charset=utf-8' },
};

/** Collects every /api route and registers @fastify/swagger; call before any route is added. */
export async function registerOpenapi(app: FastifyInstance, config: AppConfig) {
  const documented = new Map<string, Set<number>>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      const info = {
        method,
        url: route.url,
        access: route.config?.access,
        skipCsrf: route.config?.skipCsrf === true,
        schema: route.schema,
      };
      apiRoutes.push(info);
      documented.set(`${method} ${route.url}`, new Set(routeErrorCodes(info).map((c) => ERROR_STATUS[c])));
    }
  });
  // Outside production, an error status a route's document does not list is reported (tests assert none).
  if (!config.production) {
    app.addHook('onResponse', async (req, reply) => {
      const key = `${req.method} ${req.routeOptions.url}`;
      const statuses = documented.get(key);
      if (!statuses || reply.statusCode < 400 || reply.statusCode >= 500 || statuses.has(reply.statusCode))
        return;
      if (UNDOCUMENTED_URLS.has(req.routeOptions.url ?? '')) return;
      undocumentedAnswers.push(`${key} answered ${reply.statusCode}`);
      req.log.warn({ route: key, status: reply.statusCode }, 'error status missing from the API document');
    });
  }
  const names = cookieNames(config.production);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.brand.name} API`,
        version: '1.0.0',
        description:
          'Sign in with `POST /api/auth/sign-in`; the session cookie authenticates later calls. Every request ' +
          `other than GET must send the \`${CSRF_HEADER}\` header with the value of the \`${names.csrf}\` cookie ` +
          '(set on the first answer). Errors share one body, `ApiError`.',
      },
      servers: [{ url: config.publicUrl }],
      tags: Object.values(FEATURES).map(({ tag, description }) => ({ name: tag, description })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: names.session },
          csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
        },
      },
    },
    transform: documentRoute,
    transformObject: (input) =>
      withoutUnusedSchemas(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document),
  });
}

/** Registered zod schemas come out twice (input and output variants); keep only those the document uses. */
function withoutUnusedSchemas(doc: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const schemas = doc.components?.schemas ?? {};
  const used: Record<string, OpenAPIV3_1.SchemaObject> = {};
  // Whatever the paths use, then whatever those schemas use, until nothing new turns up.
  let text = JSON.stringify(doc.paths);
  for (let added = true; added; ) {
    added = false;
    for (const [name, schema] of Object.entries(schemas)) {
      if (used[name] || !text.includes(`"#/components/schemas/${name}"`)) continue;
      used[name] = schema;
      text += JSON.stringify(schema);
      added = true;
    }
  }
  return { ...doc, components: { ...doc.components, schemas: used } };
}

/** GET /api/docs (the OpenAPI document) and /api/reference (Swagger UI over it); mounted under /api. */
export async function apiDocsRoutes(app: FastifyInstance, config: AppConfig) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = docsAccess(config);
  api.get('/docs', { config: { access }, schema: { hide: true } }, async () => app.swagger());

  api.get('/reference', { config: { access }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(REFERENCE_HTML(`${config.brand.name} API reference`)),
  );

  api.get(
    '/reference/:asset',
    { config: { access }, schema: { hide: true, params: z.object({ asset: z.string().max(40) }) } },
    async (req, reply) => {
      const asset = ASSETS[req.params.asset];
      if (!asset) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      reply.type(asset.type).header('cache-control', 'private, max-age=3600');
      return reply.send(asset.body ?? createReadStream(path.join(SWAGGER_UI_DIR, asset.file ?? '')));
    },
  );
}
