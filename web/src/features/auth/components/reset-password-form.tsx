import { passwordResetConfirmBody } from '@domain/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useResetSession } from '../api/session';
import { confirmPasswordReset } from '../api/sign-in';
import { NewPasswordFields } from './new-password-fields';

const schema = z
  .object({ password: passwordResetConfirmBody.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
type Values = z.input<typeof schema>;

/** The new password follows the same rules; the POST consumes the link, ends every session, signs nobody in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { email } = await confirmPasswordReset({ token, password });
      await resetSession();
      toast.success('Your password has been reset. Please sign in with your new password.');
      // The header opens the sign-in dialog with the e-mail filled in.
      navigate('/', { replace: true, state: { signInEmail: email } });
    } catch (err) {
      if (!applyServerErrors(form, err))
        toast.error(
          err instanceof ApiError && err.status < 500 && err.status !== 0
            ? err.message
            : 'An error occurred. Please try again.',
        );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <NewPasswordFields
        idPrefix="reset"
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
        password={password}
        errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        passwordInput={form.register('password', { onChange: () => form.trigger('password') })}
        confirmInput={form.register('confirm')}
      />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Reset Password'}
      </Button>
    </form>
  );
}
