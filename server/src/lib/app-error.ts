import { ERROR_STATUS, type ErrorCode } from '../../../domain/errors.js';

/** Services throw these; the one error handler maps `code` to the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Access denied') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, { fields });
