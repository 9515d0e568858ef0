import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  type DatabaseErrorKind,
  databaseErrorKind,
  isDatabaseUnavailable,
} from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';

/**
 * The one error handler: AppError codes map to statuses; schema failures become 400 with the field named; the
 * database being away (restart, failover, timeout) is a 503 with Retry-After (decision 0031); anything unexpected
 * is logged and answered as a bare 500 (no details leak). `onDatabaseError` hears each request a database error
 * failed (the operator's metrics, decision 0037).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  onDatabaseError: (kind: DatabaseErrorKind) => void = () => {},
) {
  app.setErrorHandler((caught: FastifyError | AppError, req, reply) => {
    let error = caught;
    const databaseError = caught instanceof AppError ? null : databaseErrorKind(caught);
    if (databaseError) onDatabaseError(databaseError);
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      // One line per failed request would flood the log during an outage; the database logs the outage once.
      req.log.debug({ err: error }, 'database unavailable');
      error = databaseUnavailable();
    }
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.code(error.status).send({
        error: { code: error.code, message: error.message, ...error.extra },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!(key in fields)) fields[key] = issue.message ?? 'Invalid value';
      }
      const first = error.validation[0];
      return reply.code(400).send({
        error: {
          code: 'VALIDATION',
          message: first?.message ?? 'Please check your input and try again.',
          fields,
        },
      });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply
        .code(500)
        .send({ error: { code: 'INTERNAL', message: 'An error occurred. Please try again.' } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .send({ error: { code: 'INTERNAL', message: 'An error occurred. Please try again.' } });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type).
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA'
          : status === 404
            ? 'NOT_FOUND'
            : 'BAD_REQUEST';
    return reply.code(status).send({ error: { code, message: error.message } });
  });
}

/** What a request gets while the database cannot be reached: the client retries after a few seconds. */
export function databaseUnavailable(): AppError {
  return new AppError(
    'DATABASE_UNAVAILABLE',
    'FieldLot is briefly unavailable. Please try again in a few seconds.',
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}
