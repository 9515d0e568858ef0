import { formatDollars, parseDollarAmount } from '@domain/money';
import {
  WANT_ANSWER_LABELS,
  WANT_ANSWER_MAX_CENTS,
  WANT_LIST_TEXT,
  type WantMatch,
} from '@domain/want-lists';
import { Tractor } from 'lucide-react';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import '../api/live';
import { formatCount } from '@domain/numbers';
import { useAnswerMatch, useWantMatches } from '../api/want-lists';

function answerText(m: WantMatch): string | null {
  if (m.answer === 'interested' && m.maxPriceCents !== null)
    return `You said you'd pay up to ${formatDollars(m.maxPriceCents)}`;
  if (m.answer === 'not_for_me') return 'You said: not for me';
  return null;
}

function MatchRow({ m, highlighted }: { m: WantMatch; highlighted: boolean }) {
  const id = useId();
  const answer = useAnswerMatch();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirmCents, setConfirmCents] = useState<number | null>(null);
  const said = answerText(m);

  const send = async (body: Parameters<typeof answer.mutateAsync>[0]['body']) => {
    try {
      await answer.mutateAsync({ id: m.id, body });
      toast.success(WANT_LIST_TEXT.answered);
      setAmount('');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not send your answer');
    }
  };
  const ask = () => {
    const cents = amount.trim() ? parseDollarAmount(amount) : null;
    if (!amount.trim()) return setError(WANT_LIST_TEXT.amountRequired);
    if (cents === null) return setError('Enter a whole dollar amount, like 48,500');
    if (cents < 100) return setError(WANT_LIST_TEXT.amountTooLow);
    if (cents > WANT_ANSWER_MAX_CENTS) return setError(WANT_LIST_TEXT.amountTooHigh);
    setError(undefined);
    setConfirmCents(cents);
  };

  return (
    <li
      className={cn(
        'space-y-3 rounded-lg border bg-card p-4',
        highlighted ? 'border-brand-600 ring-2 ring-brand-200' : 'border-border',
      )}
    >
      <div className="space-y-1">
        <h2 className="text-lg font-bold break-words">{m.notice}</h2>
        <p className="text-sm text-muted-foreground">
          Matches your want-list: {m.wants}
          {m.distanceMiles !== null ? ` · about ${formatCount(m.distanceMiles)} mi from your yard` : ''}
        </p>
        {said && <Badge tone={m.answer === 'interested' ? 'green' : 'grey'}>{said}</Badge>}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1 space-y-1 sm:flex-none">
          <Label htmlFor={`${id}-amount`}>I'd pay up to ($)</Label>
          <Input
            id={`${id}-amount`}
            inputMode="numeric"
            placeholder="30,000"
            value={amount}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-amount-error` : undefined}
            onChange={(e) => setAmount(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') ask();
            }}
          />
        </div>
        <Button disabled={answer.isPending} onClick={ask}>
          {WANT_ANSWER_LABELS.interested}
        </Button>
        <Button variant="outline" disabled={answer.isPending} onClick={() => send({ answer: 'not_for_me' })}>
          {WANT_ANSWER_LABELS.not_for_me}
        </Button>
      </div>
      <FieldError id={`${id}-amount-error`} message={error} />
      <AlertPrimitive.Root open={confirmCents !== null} onOpenChange={(o) => !o && setConfirmCents(null)}>
        <AlertPrimitive.Portal>
          <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertPrimitive.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 shadow-xl">
            <AlertPrimitive.Title className="text-lg font-bold">
              Pay up to {confirmCents !== null ? formatDollars(confirmCents) : ''}?
            </AlertPrimitive.Title>
            <AlertPrimitive.Description className="text-sm text-muted-foreground">
              FieldLot tells its buyer you would pay up to{' '}
              {confirmCents !== null ? formatDollars(confirmCents) : ''} for this tractor. If the farmer
              accepts an offer at or below it, you get the first look when it is listed.
            </AlertPrimitive.Description>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }))}>
                Cancel
              </AlertPrimitive.Cancel>
              <AlertPrimitive.Action
                className={cn(buttonVariants())}
                onClick={() => {
                  if (confirmCents !== null) void send({ answer: 'interested', maxPriceCents: confirmCents });
                }}
              >
                Yes, up to {confirmCents !== null ? formatDollars(confirmCents) : ''}
              </AlertPrimitive.Action>
            </div>
          </AlertPrimitive.Content>
        </AlertPrimitive.Portal>
      </AlertPrimitive.Root>
    </li>
  );
}

/** docs/product/want-lists.md#farmers-inquiries: farmers' tractors matched to the dealership's want-lists. */
export function WantMatchesPage() {
  const { isApproved, isLoading } = useSession();
  useLiveEvents(isApproved);
  const [params] = useSearchParams();
  const query = useWantMatches();
  return (
    <Page className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Farmers' tractors for you</h1>
        <Button asChild variant="outline">
          <Link to="/want-lists">My want-lists</Link>
        </Button>
      </div>
      <p className="text-muted-foreground">
        Farmers offered these tractors to FieldLot and they match your want-lists. Say what you would pay;
        FieldLot makes the farmer an offer.
      </p>
      {isLoading || query.isPending ? (
        <LoadingState text="Loading farmers' tractors..." />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<Tractor className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No farmers' tractors yet"
          description="When a farmer's tractor matches one of your want-lists, it shows here and we e-mail you."
        />
      ) : (
        <ul className="space-y-3" aria-label="Farmers' tractors">
          {query.data.items.map((m) => (
            <MatchRow key={m.id} m={m} highlighted={params.get('match') === m.id} />
          ))}
        </ul>
      )}
    </Page>
  );
}
