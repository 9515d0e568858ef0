import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * The field errors an API failure carries (dotted input path → message): a 400's, and the conflicts the server
 * ties to a field (an e-mail already used, a sold tractor's price); undefined when the failure is not about fields.
 */
export function serverFieldErrors(err: unknown): Record<string, string> | undefined {
  return err instanceof ApiError && Object.keys(err.fields).length ? err.fields : undefined;
}

export interface ServerErrorOptions<T extends FieldValues> {
  /** Server field → form field where the names differ (priceCents → price); null leaves a field out. */
  fieldMap?: Record<string, Path<T> | null>;
}

/**
 * Puts a failure's field errors (serverFieldErrors) onto a react-hook-form form (the first one focused): `source` is the error, or the
 * fields themselves. Only fields the form has (or `fieldMap` names) are set. Returns whether any was, so the
 * caller shows its toast otherwise.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  source: unknown,
  { fieldMap = {} }: ServerErrorOptions<T> = {},
): boolean {
  const fields =
    source instanceof ApiError
      ? serverFieldErrors(source)
      : source && typeof source === 'object' && !(source instanceof Error)
        ? (source as Record<string, string>)
        : undefined;
  if (!fields) return false;
  const values = (form.getValues() ?? {}) as Record<string, unknown>;
  let applied = 0;
  for (const [field, message] of Object.entries(fields)) {
    const name = field in fieldMap ? fieldMap[field] : field.split('.')[0] in values ? field : null;
    if (!name) continue;
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: applied === 0 });
    applied += 1;
  }
  return applied > 0;
}
