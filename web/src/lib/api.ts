import type { ApiErrorBody } from '@domain/errors';
import { CSRF_COOKIE_NAMES, CSRF_HEADER } from '@domain/session-cookies';
import createClient, {
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
  type Middleware,
} from 'openapi-fetch';
import type { paths } from './api-types.gen';
import { renderScope } from './render-scope';

/** An API failure with the server's code and message (the spec's text where it has one). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function csrfToken(): string {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (CSRF_COOKIE_NAMES.includes(part.slice(0, eq))) return decodeURIComponent(part.slice(eq + 1));
  }
  return '';
}

/** A documented path with its {params} filled in, for what cannot go through `api` (progress uploads, links). */
export function apiUrl<P extends keyof paths>(path: P, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** Builds a query string, leaving out empty values. */
export function qs(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

const csrf: Middleware = {
  async onRequest({ request }) {
    if (request.method === 'GET') return;
    // Any GET to /api hands out the anti-forgery cookie; make sure we have one before changing state.
    if (!csrfToken()) await fetch('/api/health/live', { credentials: 'same-origin' });
    request.headers.set(CSRF_HEADER, csrfToken());
    return request;
  },
};

const client = createClient<paths>({
  // A browser resolves '/api/...' against the page; the server's renderer needs an absolute URL (never fetched).
  baseUrl: typeof window === 'undefined' ? 'http://page.render' : '',
  // While the server renders a signed-in page its requests are answered by the server itself, with the request's
  // own session (web/src/lib/render-scope.ts); in a browser there is no scope and `fetch` is used.
  fetch: (request) => (renderScope()?.fetch ?? globalThis.fetch)(request),
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  querySerializer: (query) => qs(query).slice(1),
});
client.use(csrf);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Path<M extends Method> = ClientPathsWithMethod<typeof client, M>;
/** The documented paths answering a method, e.g. ApiPath<'post'>. */
export type ApiPath<M extends Method> = Path<M>;
type Init<M extends Method, P extends Path<M>> = MaybeOptionalInit<paths[P], M>;
/** The init argument may be left out when the operation needs no params and no body. */
type InitArg<I> = object extends I ? [init?: I] : [init: I];
/** The JSON body of the operation's 2xx answer (undefined for 204). openapi-fetch's own type drops null-typed fields. */
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Data<M extends Method, P extends Path<M>> = paths[P][M] extends { responses: infer R }
  ? Json<R[keyof R & (200 | 201 | 204)]>
  : never;
// The init is typed from the path, not inferred, so a misspelt or removed body field is an excess property.
type Call<M extends Method> = <P extends Path<M>>(
  path: P,
  ...init: InitArg<Init<M, P>>
) => Promise<Data<M, P>>;

async function send(method: Method, path: string, init: Record<string, unknown> | undefined) {
  let result: { data?: unknown; error?: unknown; response: Response };
  try {
    result = await client.request(method, path as never, init as never);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection.');
  }
  if (result.response.ok) return result.data;
  const e = (result.error as ApiErrorBody | null | undefined)?.error;
  throw new ApiError(
    result.response.status,
    e?.code ?? 'INTERNAL',
    e?.message ?? 'An error occurred. Please try again.',
    e?.fields,
    e?.retryAfterSeconds,
  );
}

const typed = <M extends Method>(method: M) =>
  ((path: string, init?: Record<string, unknown>) => send(method, path, init)) as unknown as Call<M>;

/**
 * The API, typed from the OpenAPI document (web/src/lib/api-types.gen.ts, `npm run openapi:types`): a renamed
 * route, a changed method, params or body fails `npm run typecheck`. Answers the success body; throws ApiError.
 */
export const api = {
  GET: typed('get'),
  POST: typed('post'),
  PUT: typed('put'),
  PATCH: typed('patch'),
  DELETE: typed('delete'),
  /** A multipart upload (the document does not describe multipart bodies): the path and params stay typed. */
  upload: <P extends Path<'post'>>(path: P, form: FormData, ...init: InitArg<Init<'post', P>>) =>
    send('post', path, { ...init[0], body: form }) as Promise<Data<'post', P>>,
  /** A POST answered with a file (the data export's ZIP): the path and body stay typed; answers the Blob. */
  postForFile: <P extends Path<'post'>>(path: P, ...init: InitArg<Init<'post', P>>) =>
    send('post', path, { ...init[0], parseAs: 'blob' }) as Promise<Blob>,
};
