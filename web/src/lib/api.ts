import type { ApiErrorBody } from '@domain/errors';
import { CSRF_COOKIE_NAMES, CSRF_HEADER } from '@domain/session-cookies';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (method !== 'GET') {
    // Any GET to /api hands out the anti-forgery cookie; make sure we have one before changing state.
    if (!csrfToken()) await fetch('/api/health/live', { credentials: 'same-origin' });
    headers[CSRF_HEADER] = csrfToken();
  }
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection.');
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = (data as ApiErrorBody | null)?.error;
    throw new ApiError(
      res.status,
      e?.code ?? 'INTERNAL',
      e?.message ?? 'An error occurred. Please try again.',
      e?.fields,
      e?.retryAfterSeconds,
    );
  }
  return data as T;
}

export const get = <T>(path: string, signal?: AbortSignal) => api<T>('GET', path, undefined, { signal });
export const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
  api<T>('POST', path, body ?? {}, { headers });
export const patch = <T>(path: string, body?: unknown) => api<T>('PATCH', path, body ?? {});
export const put = <T>(path: string, body?: unknown) => api<T>('PUT', path, body ?? {});
export const del = <T>(path: string) => api<T>('DELETE', path);

/** Builds a query string, leaving out empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}
