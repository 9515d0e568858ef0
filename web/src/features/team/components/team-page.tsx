import { type DealershipRole, MEMBER_ROLES, type MemberRole } from '@domain/dealerships';
import { Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatDate, formatDollars } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  type TeamInvite,
  type TeamMember,
  useInvite,
  useRemoveMember,
  useRevokeInvite,
  useTeam,
  useUpdateMember,
} from '../api/team';

const ROLE_LABEL: Record<DealershipRole, string> = { owner: 'Owner', buyer: 'Buyer', viewer: 'Viewer' };
const limitText = (cents: number | null) => (cents === null ? 'No limit' : `Up to ${formatDollars(cents)}`);
const dollarsOf = (cents: number | null) => (cents === null ? '' : String(cents / 100));
const failure = (err: unknown) =>
  err instanceof ApiError && err.status > 0 && err.status < 500
    ? err.message
    : 'An error occurred. Please try again.';

/** docs/product/dealer-tools.md#dealership-teams: the owner's Team page (/team). */
export function TeamPage() {
  const { isApproved, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading your team..." />;
  if (!isApproved)
    return (
      <Page className="max-w-xl text-center">
        <h1 className="text-2xl font-bold text-brand-900">Access Denied</h1>
        <p className="mt-2 text-muted-foreground">You need to be an approved dealer to access this page.</p>
        <Button asChild className="mt-6">
          <Link to="/">Return Home</Link>
        </Button>
      </Page>
    );
  return <Team />;
}

function Team() {
  const team = useTeam();
  if (team.isPending) return <LoadingState text="Loading your team..." />;
  if (team.isError)
    return (
      <Page className="max-w-4xl space-y-6">
        <h1 className="text-3xl font-bold text-brand-900">Team</h1>
        <ErrorState message={failure(team.error)} onRetry={() => team.refetch()} />
      </Page>
    );
  const { dealership, myRole, members, invites } = team.data;
  const owner = myRole === 'owner';
  return (
    <Page className="max-w-4xl">
      <div className="mb-6 flex items-center gap-3">
        <Users className="size-8 text-brand-700" aria-hidden="true" />
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Team</h1>
          <p className="text-muted-foreground">{dealership.name}</p>
        </div>
      </div>
      {!owner && (
        <p className="mb-4 rounded-md border border-border bg-muted p-3 text-sm">
          You are a {ROLE_LABEL[myRole].toLowerCase()} of {dealership.name}. Only the owner of the dealership
          can manage the team.
        </p>
      )}
      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-xl font-bold">
          Members
        </h2>
        <ul className="grid gap-3">
          {members.map((m) => (
            <li key={m.userId}>
              <MemberCard member={m} manage={owner && m.role !== 'owner'} />
            </li>
          ))}
        </ul>
      </section>
      {owner && (
        <>
          <InviteForm />
          <section aria-labelledby="invites-heading" className="mt-8 grid gap-3">
            <h2 id="invites-heading" className="text-xl font-bold">
              Pending invitations
            </h2>
            {invites.length === 0 ? (
              <EmptyState title="No pending invitations" description="Invitations you send appear here." />
            ) : (
              <ul className="grid gap-3">
                {invites.map((i) => (
                  <li key={i.id}>
                    <InviteCard invite={i} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  );
}

function MemberCard({ member, manage }: { member: TeamMember; manage: boolean }) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [role, setRole] = useState<MemberRole>(member.role === 'viewer' ? 'viewer' : 'buyer');
  const [limit, setLimit] = useState(dollarsOf(member.offerLimitCents));
  const [error, setError] = useState<string>();
  const id = `member-${member.userId}`;

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    update.mutate(
      { userId: member.userId, role, offerLimit: role === 'buyer' ? limit : null },
      {
        onSuccess: () => toast.success(`${member.name} updated`),
        onError: (err) => setError(serverFieldErrors(err)?.offerLimit ?? failure(err)),
      },
    );
  };

  return (
    <Card className="grid gap-3 p-4" data-testid="team-member">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-bold">{member.name}</span>
        <Badge tone={member.role === 'owner' ? 'brand' : member.role === 'buyer' ? 'green' : 'grey'}>
          {ROLE_LABEL[member.role]}
        </Badge>
        {member.role === 'buyer' && <span className="text-sm">{limitText(member.offerLimitCents)}</span>}
        <span className="w-full text-sm text-muted-foreground sm:ml-auto sm:w-auto">{member.email}</span>
      </div>
      {manage && (
        <form
          onSubmit={save}
          className="grid gap-3 sm:grid-cols-[10rem_12rem_auto_auto] sm:items-end"
          noValidate
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <NativeSelect
              id={`${id}-role`}
              value={role}
              onChange={(e) => setRole(e.target.value as MemberRole)}
            >
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-limit`}>Per-offer limit ($)</Label>
            <Input
              id={`${id}-limit`}
              inputMode="numeric"
              placeholder="No limit"
              value={role === 'buyer' ? limit : ''}
              disabled={role !== 'buyer'}
              onChange={(e) => setLimit(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <Button type="submit" variant="outline" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          <ConfirmDialog
            trigger={
              <Button type="button" variant="destructive" disabled={remove.isPending}>
                Remove
              </Button>
            }
            title={`Remove ${member.name}?`}
            description={`${member.name} is signed out at once and can no longer sign in. Offers they made stay with the dealership.`}
            confirmLabel="Remove Member"
            onConfirm={() =>
              remove.mutate(member.userId, {
                onSuccess: () => toast.success(`${member.name} was removed from the team`),
                onError: (err) => toast.error(failure(err)),
              })
            }
          />
          <div className="sm:col-span-4">
            <FieldError id={`${id}-error`} message={error} />
          </div>
        </form>
      )}
    </Card>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('buyer');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    invite.mutate(
      { email, role, offerLimit: role === 'buyer' ? limit : null },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${email}`);
          setEmail('');
          setLimit('');
        },
        onError: (err) => {
          setErrors(serverFieldErrors(err) ?? { form: failure(err) });
        },
      },
    );
  };

  return (
    <section aria-labelledby="invite-heading" className="mt-8">
      <h2 id="invite-heading" className="mb-3 text-xl font-bold">
        Invite a buyer
      </h2>
      <Card className="p-4">
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 sm:grid-cols-[1fr_10rem_12rem] sm:items-start"
        >
          <div className="grid gap-1">
            <Label htmlFor="invite-email">E-mail</Label>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={!!errors.email}
              aria-describedby={errors.email ? 'invite-email-error' : undefined}
            />
            <FieldError id="invite-email-error" message={errors.email} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="invite-role">Role</Label>
            <NativeSelect
              id="invite-role"
              value={role}
              onChange={(e) => setRole(e.target.value as MemberRole)}
            >
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="invite-limit">Per-offer limit ($)</Label>
            <Input
              id="invite-limit"
              inputMode="numeric"
              placeholder="No limit"
              disabled={role !== 'buyer'}
              value={role === 'buyer' ? limit : ''}
              onChange={(e) => setLimit(e.target.value)}
              aria-invalid={!!errors.offerLimit}
              aria-describedby={errors.offerLimit ? 'invite-limit-error' : undefined}
            />
            <FieldError id="invite-limit-error" message={errors.offerLimit} />
          </div>
          <div className="sm:col-span-3">
            <FieldError message={errors.form} />
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}

function InviteCard({ invite }: { invite: TeamInvite }) {
  const revoke = useRevokeInvite();
  return (
    <Card className="flex flex-wrap items-center gap-2 p-4" data-testid="team-invite">
      <span className="font-bold">{invite.email}</span>
      <Badge tone={invite.role === 'buyer' ? 'green' : 'grey'}>{ROLE_LABEL[invite.role]}</Badge>
      {invite.role === 'buyer' && <span className="text-sm">{limitText(invite.offerLimitCents)}</span>}
      <span className="text-sm text-muted-foreground">Link works until {formatDate(invite.expiresAt)}</span>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" className="sm:ml-auto" disabled={revoke.isPending}>
            Withdraw
          </Button>
        }
        title="Withdraw this invitation?"
        description={`The link sent to ${invite.email} will no longer work.`}
        confirmLabel="Withdraw Invitation"
        onConfirm={() => revoke.mutate(invite.id, { onError: (err) => toast.error(failure(err)) })}
      />
    </Card>
  );
}
