import { type RefObject, useEffect } from 'react';

/**
 * Keeps what the keyboard focuses clear of a screen's own sticky bars (WCAG 2.4.11, docs/accessibility.md): while
 * the screen is shown, the page's scroll padding is where its top bar ends (the site header above it included)
 * and how tall its bottom bar is, plus a margin, whatever their content makes them. `shown`: the bars are rendered.
 */
export function useStickyScrollPadding(
  top: RefObject<HTMLElement | null>,
  bottom: RefObject<HTMLElement | null>,
  shown: boolean,
) {
  useEffect(() => {
    if (!shown) return;
    const html = document.documentElement;
    const before = { top: html.style.scrollPaddingTop, bottom: html.style.scrollPaddingBottom };
    const margin = 8;
    const update = () => {
      const t = top.current;
      const b = bottom.current;
      if (t)
        html.style.scrollPaddingTop = `${(Number.parseFloat(getComputedStyle(t).top) || 0) + t.offsetHeight + margin}px`;
      if (b)
        html.style.scrollPaddingBottom = `${(Number.parseFloat(getComputedStyle(b).bottom) || 0) + b.offsetHeight + margin}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    for (const el of [top.current, bottom.current]) if (el) observer.observe(el);
    return () => {
      observer.disconnect();
      html.style.scrollPaddingTop = before.top;
      html.style.scrollPaddingBottom = before.bottom;
    };
  }, [top, bottom, shown]);
}
