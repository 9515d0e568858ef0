import { useLayoutEffect, useState } from 'react';
import { renderScope } from './render-scope';

/**
 * The moment a page rendered on the server was rendered at (decision 0060): the server's render scope holds it
 * while rendering (lib/render-scope.ts), the browser reads it from the page. Text that depends on the clock
 * ("expires in 12 min") renders with it while the page hydrates, so the browser's first render matches the
 * server's markup even when a minute has turned in between; a mismatch would make React throw that part away and
 * render it again, losing what was typed into it.
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
  const [now, setNow] = useState(() => renderScope()?.renderedAt ?? renderMoment ?? Date.now());
  useLayoutEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
