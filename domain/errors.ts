import { z } from 'zod';

/** Error codes shared by server and web (Documenso style): the server sends { error: { code, message } }. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** What each code means to a client (the API reference lists them per status). */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  VALIDATION: 'The input is invalid; `fields` names each field with its message.',
  BAD_REQUEST: 'The request cannot be read (e.g. malformed JSON).',
  UNAUTHENTICATED: 'Not signed in, or the session expired.',
  FORBIDDEN: 'Signed in, but this account may not do this (not approved, or not an administrator).',
  CSRF: 'The x-csrf-token header does not match the anti-forgery cookie, or the request is cross-site.',
  NOT_FOUND: 'No such record, or not one this account may see.',
  CONFLICT: 'The record is not in a state that allows this (e.g. the offer is no longer pending).',
  PAYLOAD_TOO_LARGE: 'The upload is too large.',
  UNSUPPORTED_MEDIA: 'The file type is not accepted.',
  RATE_LIMITED: 'Too many attempts; retry after `retryAfterSeconds` (also sent as the Retry-After header).',
  INTERNAL: 'Unexpected server error (logged with the request id).',
  UNAVAILABLE: 'A dependency other than the database is down.',
  DATABASE_UNAVAILABLE:
    'The database cannot be reached right now (restart, failover); retry after the Retry-After header (seconds).',
};

/** The one error body of every 4xx/5xx answer (documented in the OpenAPI document as `ApiError`). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: 'A sentence to show the user.' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Per input field (dotted path), what is wrong with it.' }),
      retryAfterSeconds: z.number().int().positive().max(86_400).optional().meta({
        description: 'With RATE_LIMITED or DATABASE_UNAVAILABLE: seconds until the next attempt is allowed.',
      }),
    }),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
