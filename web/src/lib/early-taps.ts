import { EARLY_TAP_SELECTOR } from '@domain/early-taps';

interface EarlyTap {
  el: Element;
  i: number;
}

declare global {
  interface Window {
    __fieldlotEarlyTaps?: EarlyTap[];
    __fieldlotHydrated?: boolean;
    /** Set while a held tap is made again, so the inline script lets it through. */
    __fieldlotReplaying?: boolean;
  }
}

/** How long a held tap waits for its element to be hydrated before it is tapped anyway. */
const WAIT_MS = 10_000;

/**
 * Whether React has taken the element over: hydration puts its props on the node (`__reactProps$<id>`). Parts of
 * a page (lazily loaded, behind Suspense) hydrate after the rest; a click reaching them earlier would be lost.
 */
const hydratedNode = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 16));

/**
 * Once the rendered page is hydrated: stops holding taps back and replays those the inline script held
 * (domain/early-taps.ts, decision 0053), in order, each as soon as its element is hydrated. Hydration keeps the
 * server's elements, so the tapped element is normally still there; if React had to replace the markup, the
 * element at the same index is tapped.
 */
export async function replayEarlyTaps(root: HTMLElement) {
  if (window.__fieldlotHydrated) return;
  window.__fieldlotHydrated = true;
  const taps = window.__fieldlotEarlyTaps?.splice(0) ?? [];
  for (const { el, i } of taps) {
    const find = () => (el.isConnected ? el : root.querySelectorAll(EARLY_TAP_SELECTOR)[i]);
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until && !(find() && hydratedNode(find() as Element))) await nextFrame();
    const target = find();
    if (!(target instanceof HTMLElement)) continue;
    window.__fieldlotReplaying = true;
    try {
      target.click();
    } finally {
      window.__fieldlotReplaying = false;
    }
  }
}
