import { AlertTriangle, Clock, HelpCircle } from 'lucide-react';
import { Page } from '@/components/layout/app-layout';
import { SignOutButton, useSession } from '@/features/auth';

const MESSAGES = {
  pending: {
    icon: Clock,
    title: 'Account Pending Approval',
    text: 'Your application is still pending approval. Please wait for admin confirmation. We review applications within 24-48 hours.',
  },
  rejected: {
    icon: AlertTriangle,
    title: 'Application Rejected',
    text: 'Your application has been rejected. Please contact support for more information.',
  },
  unknown: {
    icon: HelpCircle,
    title: 'Application Status Unknown',
    text: 'We could not determine the status of your application. Please contact support.',
  },
};

/** Signed in, not approved, not admin (docs/product/accounts.md#application-status-page). */
export function ApplicationStatus() {
  const { user } = useSession();
  if (!user) return null;
  const m =
    user.status === 'pending'
      ? MESSAGES.pending
      : user.status === 'rejected'
        ? MESSAGES.rejected
        : MESSAGES.unknown;
  const Icon = m.icon;
  return (
    <Page className="max-w-xl">
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-card p-8 text-center shadow-sm">
        <Icon className="size-12 text-gold-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-brand-900">{m.title}</h1>
        <p className="text-gray-700">{m.text}</p>
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md bg-muted p-4 text-left text-sm">
          <dt className="font-semibold">Name</dt>
          <dd className="break-words">{user.name}</dd>
          <dt className="font-semibold">Company</dt>
          <dd className="break-words">{user.companyName}</dd>
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">{user.email}</dd>
        </dl>
        <SignOutButton />
      </div>
    </Page>
  );
}
