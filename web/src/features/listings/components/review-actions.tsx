import { tractorName } from '@domain/listings';
import { Check, MessageSquareWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Label, Textarea } from '@/components/ui/input';
import { ValueLine } from '@/features/market';
import { toast } from '@/lib/toast';
import type { AdminListingRow } from '../api/admin-listings';
import { useReviewMutations } from '../api/admin-listings';

/**
 * docs/product/dealer-selling.md#admin-review: Approve (the listing goes live; without a published condition
 * report the admin gives the "Sold as-is, not inspected" reason here) and Request changes (reason required).
 */
export function ReviewActions({ row }: { row: AdminListingRow }) {
  const [open, setOpen] = useState<'approve' | 'changes' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const m = useReviewMutations();
  const name = tractorName(row);
  const needsAsIs = row.grade === null && !row.asIs;
  const close = () => {
    setOpen(null);
    setText('');
    setError(undefined);
  };
  const confirm = () => {
    const value = text.trim();
    if (open === 'changes' && !value) return setError('Please say what needs to change');
    if (open === 'approve' && needsAsIs && !value)
      return setError('Give the as-is reason, or publish a condition report first');
    const done = {
      onSuccess: () => {
        toast.success(
          open === 'approve' ? 'Listing approved: it is live' : 'Changes requested from the seller',
        );
        close();
      },
      onError: (e: Error) => setError(e.message),
    };
    if (open === 'approve') m.approve.mutate({ id: row.id, asIsReason: value || undefined }, done);
    else m.requestChanges.mutate({ id: row.id, reason: value }, done);
  };
  const pending = m.approve.isPending || m.requestChanges.isPending;
  return (
    <>
      <Button size="sm" onClick={() => setOpen('approve')} aria-label={`Approve ${name}`}>
        <Check aria-hidden="true" /> Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen('changes')}
        aria-label={`Request changes to ${name}`}
      >
        <MessageSquareWarning aria-hidden="true" /> Request changes
      </Button>
      <div className="basis-full">
        <ValueLine tractor={row} />
      </div>
      <Dialog open={open !== null} onOpenChange={(o) => !o && close()}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>
              {open === 'approve' ? `Approve ${name}?` : `Request changes to ${name}`}
            </DialogTitle>
            <DialogDescription>
              {open === 'approve'
                ? needsAsIs
                  ? 'It goes live at once. It has no condition report: it will show as "Sold as-is, not inspected" with your reason.'
                  : 'It goes live at once. The seller is told by e-mail.'
                : 'The seller is told by e-mail with your reason, edits the listing and submits it again.'}
            </DialogDescription>
          </DialogHeader>
          {(open === 'changes' || needsAsIs) && (
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-text`}>
                {open === 'approve' ? 'As-is reason' : 'What needs to change'}
              </Label>
              <Textarea
                id={`${id}-text`}
                rows={3}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-err` : undefined}
              />
              <FieldError id={`${id}-err`} message={error} />
            </div>
          )}
          {open === 'approve' && !needsAsIs && <FieldError id={`${id}-err`} message={error} />}
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={pending}>
              {open === 'approve' ? 'Approve' : 'Request changes'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
