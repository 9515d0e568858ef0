import { useLayoutEffect, useState } from 'react';

/**
 * The moment a page rendered on the server was rendered at (decision 0060): set by the server around each render,
 * read from the page in the browser. Text that depends on the clock ("expires in 12 min") renders with it while
 * the page hydrates, so the browser's first render matches the server's markup even when a minute has turned in
 * between; a mismatch would make React throw that part away and render it again, losing what was typed into it.
 */
let renderMoment: number | null = null;

export function setRenderMoment(ms: number | null) {
  renderMoment = ms;
}

/**
 * The current time for clock-dependent text, in milliseconds: the render moment first (see above), then the
 * browser's clock from before the first paint on, ticking every `everyMs`.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => renderMoment ?? Date.now());
  useLayoutEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
