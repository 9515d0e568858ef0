import { signInBody } from '@domain/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useResetSession } from '../api/session';
import { minutesFrom, signInRequest } from '../api/sign-in';
import { PasswordField } from './password-field';

const schema = signInBody.pick({ email: true, password: true });
type Values = z.input<typeof schema>;

/** docs/product/accounts.md#admin-sign-in: only admins get a session; anyone else sees the server's refusal as is. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signInRequest({ ...schema.parse(values), admin: true });
      await resetSession();
      toast.success('Successfully signed in as admin!');
      navigate('/admin');
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 429
          ? `Too many login attempts. Please try again in ${minutesFrom(err.retryAfterSeconds)} minutes.`
          : err instanceof ApiError && err.status !== 0 && err.status < 500
            ? err.message
            : 'An error occurred during admin sign in';
      setFailure(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {failure}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="admin-email">Email</Label>
        <Input
          id="admin-email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'admin-email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="admin-email-error" message={errors.email?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="admin-password">Password</Label>
        <PasswordField
          id="admin-password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'admin-password-error' : undefined}
          {...form.register('password')}
        />
        <FieldError id="admin-password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In as Admin'}
      </Button>
    </form>
  );
}
