import { acceptInviteBody, TEAM_TEXT } from '@domain/dealerships';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Page } from '@/components/layout/app-layout';
import { linkButton } from '@/components/layout/link-styles';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { NewPasswordFields, useResetSession, useSession } from '@/features/auth';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useMutation } from '@/lib/use-mutation';
import { acceptInvite, joinInvite } from '../api/team';

const schema = z
  .object({
    name: acceptInviteBody.shape.name,
    password: acceptInviteBody.shape.password,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
type Values = z.input<typeof schema>;

/**
 * /team/join?token=… from the owner's invitation (docs/product/dealer-tools.md#dealership-teams): the
 * invitee names themselves and chooses a password; the account is approved through the owner.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  return (
    <Page className="max-w-md">
      <div className="rounded-lg border border-border bg-card p-6 shadow-sm">
        <div className="mb-5 flex items-center gap-3">
          <Users className="size-8 text-brand-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-brand-900">Join Your Dealership</h1>
        </div>
        {token && user ? (
          <JoinWithAccount token={token} />
        ) : token ? (
          <>
            <p className="mb-4 text-sm text-gray-700">
              Your dealership's owner invited you. Choose your password; no application is needed.
            </p>
            <p className="mb-4 text-sm text-gray-700">
              Already have a FieldLot account? Sign in with it, then open the invitation link again to join.
            </p>
            <AcceptInviteForm token={token} />
          </>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-gray-700">{TEAM_TEXT.inviteInvalid}</p>
            <Link to="/" className={linkButton.primary}>
              Return Home
            </Link>
          </div>
        )}
      </div>
    </Page>
  );
}

/** Signed in: the invited account joins with its own sign-in (the server checks it is the invited address). */
function JoinWithAccount({ token }: { token: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const join = useMutation({
    mutationFn: () => joinInvite({ token }),
    onSuccess: async (team) => {
      await qc.invalidateQueries();
      toast.success(`You joined ${team.dealership.name}.`);
      navigate('/team', { replace: true });
    },
    onError: (err) =>
      toast.error(
        err instanceof ApiError && err.status < 500 && err.status !== 0
          ? err.message
          : 'An error occurred. Please try again.',
      ),
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        Join your dealership's team with the account you are signed in with. You leave the dealership you
        belong to now; its offers and purchases stay with it.
      </p>
      <Button size="lg" disabled={join.isPending} onClick={() => join.mutate()}>
        {join.isPending ? 'Joining...' : 'Join the Team'}
      </Button>
    </div>
  );
}

function AcceptInviteForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const submit = form.handleSubmit(async ({ name, password }) => {
    try {
      await acceptInvite({ token, name, password });
      // Accepting signs the invitee in (decision 0041): load the new session, then the team.
      await resetSession();
      toast.success('Welcome to your dealership.');
      navigate('/team', { replace: true });
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
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-name">Full Name</Label>
        <Input
          id="invite-name"
          autoComplete="name"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? 'invite-name-error' : undefined}
          {...form.register('name')}
        />
        <FieldError id="invite-name-error" message={errors.name?.message} />
      </div>
      <NewPasswordFields
        idPrefix="invite"
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        password={password}
        errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        passwordInput={form.register('password', { onChange: () => form.trigger('password') })}
        confirmInput={form.register('confirm')}
      />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Join the Team'}
      </Button>
    </form>
  );
}
