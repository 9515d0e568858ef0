import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../api/session';
import { LazySignInDialog } from './lazy-sign-in-dialog';

/**
 * Opens the sign-in dialog on a members' page reached directly (an e-mail link, a bookmark) by someone signed
 * out. The address stays; after sign-in the page shows what the member may see (decision 0010: e-mails link
 * plainly to the page, no one-time token). Closing the dialog leaves the page as a visitor sees it.
 */
export function SignInPrompt() {
  const { user, isLoading } = useSession();
  // Only the first page of a visit: a visitor moving around inside the site is not prompted again.
  const firstPage = useLocation().key === 'default';
  // Decided once, when the session is first known: someone signed out later (e.g. refused on /admin) is not asked.
  const [state, setState] = useState<'unknown' | 'ask' | 'done'>(firstPage ? 'unknown' : 'done');
  // Not before the page is on screen: a page the server rendered hydrates without it, and the dialog's code
  // loads after the page's own (decision 0024).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (state === 'unknown' && mounted && !isLoading) setState(user ? 'done' : 'ask');
  if (state === 'ask' && user) setState('done');
  if (state !== 'ask' || user) return null;
  return <LazySignInDialog open onClose={() => setState('done')} />;
}
