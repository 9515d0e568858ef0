import type { FastifyInstance } from 'fastify';
import { findUncleanText, NESTING_ERROR, nestsDeeperThan, TEXT_ERROR } from '../../../domain/text.js';
import { AppError } from '../lib/app-error.js';

/**
 * Every text input of every route, query, params and body, is checked once here before the schemas run
 * (docs/product/security.md): NUL, control characters and broken UTF-16 get a 400 naming the field, never a 500;
 * arrays and objects nested deeper than MAX_NESTING get a 400 before anything walks them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      if (nestsDeeperThan(part)) throw new AppError('VALIDATION', NESTING_ERROR);
      // A whole body sent as text (a CSV file, docs/product/sale-imports.md) has lines by nature.
      const field = findUncleanText(part, [], typeof part === 'string');
      if (field !== null) {
        throw new AppError('VALIDATION', TEXT_ERROR, { fields: { [field]: TEXT_ERROR } });
      }
    }
  });
}
