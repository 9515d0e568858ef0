import { APPLICATION_BRANDS } from '@domain/brands';
import { applyBody } from '@domain/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { PasswordField, PasswordRules } from '@/features/auth';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { applyRequest } from '../api/accounts';

/** The server's request schema is the form's: one set of rules and messages. */
const applySchema = applyBody;
type ApplyValues = z.input<typeof applySchema>;
type Field = 'name' | 'email' | 'password' | 'companyName';

/** docs/product/accounts.md#apply: Full Name, Email Address, Password, Company Name and the 18-brand multi-select. */
export function ApplyForm() {
  const navigate = useNavigate();
  const form = useForm<ApplyValues>({
    resolver: zodResolver(applySchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', companyName: '', brands: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const submit = form.handleSubmit(async (values) => {
    try {
      await applyRequest(applySchema.parse(values));
      navigate('/pending-approval');
    } catch (err) {
      if (!(err instanceof ApiError))
        return void toast.error('An unexpected error occurred. Please try again.');
      if (err.status === 429) return void toast.error(err.message);
      if (applyServerErrors(form, err)) return;
      toast.error(err.code === 'NETWORK' ? err.message : 'Failed to submit application. Please try again.');
    }
  });

  const text = (field: Field, label: string, type: string, autoComplete: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`apply-${field}`}>{label}</Label>
      <Input
        id={`apply-${field}`}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={!!errors[field]}
        aria-describedby={errors[field] ? `apply-${field}-error` : undefined}
        {...form.register(field)}
      />
      <FieldError id={`apply-${field}-error`} message={errors[field]?.message} />
    </div>
  );

  return (
    <Card>
      <CardContent className="p-5 sm:p-6">
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          {text('name', 'Full Name', 'text', 'name')}
          {text('email', 'Email Address', 'email', 'email')}
          <div className="flex flex-col gap-2">
            <Label htmlFor="apply-password">Password</Label>
            <PasswordField
              id="apply-password"
              autoComplete="new-password"
              aria-invalid={!!errors.password}
              aria-describedby="apply-password-rules"
              {...form.register('password', { onChange: () => form.trigger('password') })}
            />
            <PasswordRules id="apply-password-rules" password={password} />
            {!password && <FieldError message={errors.password?.message} />}
          </div>
          {text('companyName', 'Company Name', 'text', 'organization')}
          <fieldset className="flex flex-col gap-3">
            <legend className="text-sm font-medium">Brands you deal in (optional)</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {APPLICATION_BRANDS.map((brand) => (
                <label
                  key={brand}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="checkbox"
                    value={brand}
                    className="size-4 accent-brand-700"
                    {...form.register('brands')}
                  />
                  <span className="text-sm">{brand}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Submit Application'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
