import type { ExternalToast, toast as SonnerToast } from 'sonner';

/**
 * The app's toasts, with sonner loaded on first use (decision 0056): a page that imports `toast` to report the
 * outcome of a button does not wait for the toast library before its first paint. A toast raised before the
 * library arrived shows once it has (the Toaster in providers.tsx replays what its store holds).
 */
let sonner: typeof SonnerToast | null = null;
let loading: Promise<typeof SonnerToast> | null = null;

/** Starts loading the toast library (the Toaster calls it too); resolves to sonner's `toast`. */
export function loadToast(): Promise<typeof SonnerToast> {
  loading ??= import('sonner').then((m) => {
    sonner = m.toast;
    return m.toast;
  });
  return loading;
}

type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<typeof SonnerToast.success>[0];

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  if (sonner) sonner[kind](message, options);
  else void loadToast().then((t) => t[kind](message, options));
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
};
