import type { FastifyInstance } from 'fastify';
import { findUncleanText, TEXT_ERROR } from '../../../domain/text.js';
import { AppError } from '../lib/app-error.js';

/**
 * Every text input of every route, query, params and body, is checked once here before the schemas run
 * (issue 10): NUL, control characters and broken UTF-16 get a 400 naming the field, never a 500.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = findUncleanText(part);
      if (field !== null) {
        throw new AppError('VALIDATION', TEXT_ERROR, { fields: { [field]: TEXT_ERROR } });
      }
    }
  });
}
