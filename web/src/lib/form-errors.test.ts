import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { applyServerErrors, serverFieldErrors } from './form-errors';

const newForm = () =>
  createFormControl({ defaultValues: { email: '', price: '', specs: { hp: '' } as { hp: string } } });

const validation = (fields: Record<string, string>) =>
  new ApiError(400, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid', fields);

describe('applyServerErrors', () => {
  it("sets a 400's fields the form has, dotted paths included, and says it handled them", () => {
    const form = newForm();
    const handled = applyServerErrors(
      form,
      validation({ email: 'Enter a valid e-mail', 'specs.hp': 'Too high', unknownField: 'x' }),
    );
    expect(handled).toBe(true);
    expect(form.getFieldState('email').error?.message).toBe('Enter a valid e-mail');
    expect(form.getFieldState('specs.hp').error?.message).toBe('Too high');
    expect(form.getFieldState('unknownField' as never).error).toBeUndefined();
  });

  it('renames fields through fieldMap and drops those mapped to null', () => {
    const form = newForm();
    expect(
      applyServerErrors(form, validation({ priceCents: 'Price is required', email: 'x' }), {
        fieldMap: { priceCents: 'price', email: null },
      }),
    ).toBe(true);
    expect(form.getFieldState('price').error?.message).toBe('Price is required');
    expect(form.getFieldState('email').error).toBeUndefined();
  });

  it('leaves other failures to the caller', () => {
    const form = newForm();
    expect(applyServerErrors(form, new ApiError(409, 'CONFLICT', 'Taken'))).toBe(false);
    expect(applyServerErrors(form, new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe(false);
    expect(applyServerErrors(form, new ApiError(0, 'NETWORK', 'Network error'))).toBe(false);
    expect(applyServerErrors(form, new Error('boom'))).toBe(false);
    expect(applyServerErrors(form, validation({ other: 'x' }))).toBe(false);
    expect(form.getFieldState('email').error).toBeUndefined();
  });

  it('takes the fields themselves too', () => {
    const form = newForm();
    expect(applyServerErrors(form, { email: 'Required' })).toBe(true);
    expect(form.getFieldState('email').error?.message).toBe('Required');
  });
});

describe('serverFieldErrors', () => {
  it('answers the fields a failure carries, a conflict tied to a field included', () => {
    expect(serverFieldErrors(validation({ name: 'Required' }))).toEqual({ name: 'Required' });
    expect(serverFieldErrors(new ApiError(409, 'CONFLICT', 'Taken', { email: 'Taken' }))).toEqual({
      email: 'Taken',
    });
    expect(serverFieldErrors(new ApiError(400, 'BAD_REQUEST', 'Bad'))).toBeUndefined();
    expect(serverFieldErrors(new Error('boom'))).toBeUndefined();
  });
});
