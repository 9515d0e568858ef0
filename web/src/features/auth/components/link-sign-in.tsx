import { emailSchema } from '@domain/email';
import { safeRedirectPath } from '@domain/routes';
import { LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useResetSession } from '../api/session';
import { confirmSignInLink } from '../api/sign-in';

export const REDIRECT_DELAY_MS = 1000;

/**
 * The app mounts the toast list once the browser is idle, and sonner drops toasts raised before that.
 * A bad link is known at first paint, so its message waits (up to 3 s) for the list to exist.
 */
function whenToasterReady(show: () => void) {
  const started = Date.now();
  const tick = () => {
    if (document.querySelector('section[aria-label^="Notifications"]') || Date.now() - started > 3000) show();
    else setTimeout(tick, 50);
  };
  tick();
}

export interface LinkSignInProps {
  token: string | null;
  email: string | null;
  redirectTo?: string | null;
  /** The texts of docs/product/accounts.md#e-mailed-links for this page. */
  texts: {
    missing: string;
    badEmail: string;
    success: string;
    failed: (err: ApiError) => string;
    error: string;
  };
}

/**
 * An e-mailed sign-in link. Opening it consumes nothing (mail scanners open links): the person confirms
 * with "Continue", which consumes the token. Failures go home with their toast; success goes on after 1 second.
 */
export function LinkSignIn({ token, email, redirectTo, texts }: LinkSignInProps) {
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const [busy, setBusy] = useState(false);
  const parsedEmail = emailSchema.safeParse(email ?? '');
  const problem = !token || !email ? texts.missing : !parsedEmail.success ? texts.badEmail : null;
  const reported = useRef(false);

  useEffect(() => {
    // Tokens never live in URL fragments (docs/product/accounts.md#e-mailed-links): drop any, and send bad links home.
    if (window.location.hash)
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (problem && !reported.current) {
      reported.current = true;
      navigate('/', { replace: true });
      whenToasterReady(() => toast.error(problem));
    }
  }, [problem, navigate]);
  if (problem || !parsedEmail.success || !token) return null;

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await confirmSignInLink({
        token,
        email: parsedEmail.data,
        ...(redirectTo ? { redirectTo } : {}),
      });
      await resetSession();
      toast.success(texts.success);
      // The server only answers same-origin paths; the web checks again with the same domain rule.
      const target = safeRedirectPath(result.redirectTo) ?? '/';
      setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status !== 0 && err.status < 500 ? texts.failed(err) : texts.error,
      );
      navigate('/', { replace: true });
    }
  };

  return (
    <Page className="max-w-md">
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-card p-8 text-center shadow-sm">
        <LogIn className="size-10 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-brand-900">Sign in from your e-mail</h1>
        <p className="text-gray-700">
          Continue to sign in as <strong className="break-all">{parsedEmail.data}</strong>. The link works
          once.
        </p>
        <Button size="lg" onClick={confirm} disabled={busy} className="w-full">
          {busy ? 'Signing In...' : 'Continue'}
        </Button>
      </div>
    </Page>
  );
}
