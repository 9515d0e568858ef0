import { ArrowLeft, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useResetSession } from '../api/session';
import {
  minutesFrom,
  newDialogCsrfToken,
  resetRequest,
  signInLinkRequest,
  signInRequest,
} from '../api/sign-in';
import { PasswordField } from './password-field';
import type { ResetValues, SignInOutput, SignInValues } from './sign-in-schemas';

export interface SignInDialogProps {
  open: boolean;
  onClose: () => void;
  onSuccess?: () => void;
  /** Filled into the e-mail field (after a password reset). */
  email?: string;
}

type Schemas = typeof import('./sign-in-schemas');
let schemas: Promise<Schemas> | null = null;
const loadSchemas = () => {
  schemas ??= import('./sign-in-schemas');
  return schemas;
};
/** A resolver that loads the schemas (and zod) on the form's first validation (sign-in-schemas.ts). */
function lazyResolver<T extends FieldValues>(pick: (s: Schemas) => Resolver<T>): Resolver<T> {
  return async (values, context, options) => pick(await loadSchemas())(values, context, options);
}

/** docs/product/accounts.md#sign-in-dialog: sign-in and reset-password modes. */
export function SignInDialog({ open, onClose, onSuccess, email }: SignInDialogProps) {
  const [mode, setMode] = useState<'signin' | 'reset'>('signin');
  const [csrf, setCsrf] = useState('');
  useEffect(() => {
    // On open: a fresh anti-forgery token and sign-in mode (the forms reset as they mount).
    if (open) {
      setMode('signin');
      setCsrf(newDialogCsrfToken());
    }
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        {mode === 'signin' ? (
          <SignInForm
            csrf={csrf}
            email={email}
            onForgot={() => setMode('reset')}
            onClose={onClose}
            onSuccess={onSuccess}
          />
        ) : (
          <ResetForm onBack={() => setMode('signin')} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SignInForm({
  csrf,
  email,
  onForgot,
  onClose,
  onSuccess,
}: {
  csrf: string;
  email?: string;
  onForgot: () => void;
  onClose: () => void;
  onSuccess?: () => void;
}) {
  const resetSession = useResetSession();
  const { pathname } = useLocation();
  const [linkBusy, setLinkBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const form = useForm<SignInValues>({
    resolver: lazyResolver<SignInValues>((m) => m.signInResolver as Resolver<SignInValues>),
    defaultValues: { email: email ?? '', password: '', csrfToken: csrf },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.setValue('csrfToken', csrf), [csrf, form]);

  const submit = form.handleSubmit(async (values) => {
    setInvalid(false);
    try {
      await signInRequest(values as SignInOutput);
      await resetSession();
      toast.success('Successfully signed in!');
      onSuccess?.();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return void toast.error('An error occurred during sign in');
      if (err.status === 401) {
        setInvalid(true);
        form.setError('password', { message: 'Invalid email or password' });
      } else if (err.status === 429) {
        toast.error(
          `Too many login attempts. Please try again in ${minutesFrom(err.retryAfterSeconds)} minutes.`,
        );
      } else if (applyServerErrors(form, err)) {
        // The fields show what is wrong.
      } else if (err.status === 403) {
        toast.error(err.message);
      } else {
        toast.error(err.code === 'NETWORK' ? err.message : 'An error occurred during sign in');
      }
    }
  });

  // "Email me a sign-in link": only the e-mail is needed; on a tractor page the link leads back to it.
  const sendLink = async () => {
    const ok = await form.trigger('email');
    if (!ok) return;
    const email = (await loadSchemas()).parseEmail(form.getValues('email'));
    const listing = /^\/tractor\/([0-9a-f-]{36})$/i.exec(pathname)?.[1];
    setLinkBusy(true);
    try {
      const { message } = await signInLinkRequest(email, listing);
      toast.success(message);
      onClose();
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status === 429
          ? err.message
          : 'Authentication failed. Please try again.',
      );
    } finally {
      setLinkBusy(false);
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Sign In</DialogTitle>
        <DialogDescription>Approved dealers sign in to browse inventory and make offers.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <input type="hidden" {...form.register('csrfToken')} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="signin-email">Email</Label>
          <Input
            id="signin-email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'signin-email-error' : undefined}
            {...form.register('email')}
          />
          <FieldError id="signin-email-error" message={errors.email?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="signin-password">Password</Label>
            <Button variant="link" className="h-auto p-0" onClick={onForgot}>
              Forgot your password?
            </Button>
          </div>
          <PasswordField
            id="signin-password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'signin-password-error' : undefined}
            {...form.register('password')}
          />
          <FieldError id="signin-password-error" message={errors.password?.message} />
          {invalid && (
            <p className="text-sm text-gray-700">
              New here?{' '}
              <Link to="/apply" onClick={onClose} className="font-semibold text-brand-700 underline">
                Apply for a dealer account
              </Link>
            </p>
          )}
        </div>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing In...' : 'Sign In'}
        </Button>
        <Button variant="outline" disabled={linkBusy} onClick={sendLink} className="w-full">
          <Mail aria-hidden="true" /> {linkBusy ? 'Sending...' : 'Email me a sign-in link'}
        </Button>
        <p className="text-center text-sm text-gray-700">
          Don&apos;t have an account?{' '}
          <Link to="/apply" onClick={onClose} className="font-semibold text-brand-700 underline">
            Apply to become a dealer
          </Link>
        </p>
      </form>
    </>
  );
}

function ResetForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ResetValues>({
    resolver: lazyResolver<ResetValues>((m) => m.resetResolver as Resolver<ResetValues>),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await resetRequest(values.email);
      toast.success(message);
      onBack();
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        toast.error(
          `Too many password reset attempts. Please try again in ${minutesFrom(err.retryAfterSeconds)} minutes.`,
        );
      } else if (err instanceof ApiError && err.status === 400) {
        if (!applyServerErrors(form, err))
          form.setError('email', { message: 'Failed to send reset email. Please try again.' });
      } else {
        toast.error('An error occurred while sending reset email');
      }
    }
  });
  return (
    <>
      <DialogHeader>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="icon" aria-label="Back to sign in" onClick={onBack}>
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Button>
          <DialogTitle>Reset Password</DialogTitle>
        </div>
        <DialogDescription>
          Enter your e-mail and we will send you a link to choose a new password.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="reset-email">Email</Label>
          <Input
            id="reset-email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'reset-email-error' : undefined}
            {...form.register('email')}
          />
          <FieldError id="reset-email-error" message={errors.email?.message} />
        </div>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </>
  );
}
