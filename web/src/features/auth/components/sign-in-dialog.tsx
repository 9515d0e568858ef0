import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface SignInDialogProps {
  open: boolean;
  onClose: () => void;
  onSuccess?: () => void;
}

/** Placeholder until the accounts feature lands. */
export function SignInDialog({ open, onClose }: SignInDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in</DialogTitle>
          <DialogDescription>Dealer sign-in is coming soon.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
