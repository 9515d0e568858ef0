import type { Page } from 'playwright-core';

/**
 * Our own WCAG 2.2 checks that axe does not make, or makes only in part (docs/accessibility.md): target size with
 * the spacing exception (2.5.8) and focus not hidden under a sticky or fixed bar (2.4.11).
 */

/** A tap target under 24×24 CSS px whose 24 px circle meets another target (WCAG 2.5.8). */
export interface SmallTarget {
  selector: string;
  name: string;
  width: number;
  height: number;
  /** The target its circle meets. */
  near: string;
}

/**
 * Every visible target on the page (inside `scope`) smaller than 24×24 CSS px that is not spaced as 2.5.8 allows:
 * a 24 px circle centred on its box meets another target's box, or the circle of another small target. Exempt, as
 * 2.5.8 says: links inside a sentence (inline in a block with other text) and targets the page hides from use (a
 * modal's background, `inert`, `aria-hidden`). A checkbox or radio's target is the box with its `<label>`: a tap on
 * the label ticks it.
 */
export async function smallTargets(page: Page, scope = 'body'): Promise<SmallTarget[]> {
  return page.evaluate((scopeSelector) => {
    const TARGETS =
      'a[href],button,input:not([type="hidden"]),select,textarea,summary,[role="button"],[role="link"],[role="tab"],[role="checkbox"],[role="radio"],[role="switch"],[role="menuitem"],[role="option"],[tabindex]:not([tabindex="-1"])';
    const root = document.querySelector(scopeSelector) ?? document.body;
    type Box = { left: number; top: number; right: number; bottom: number };
    const describe = (el: Element) => {
      const parts: string[] = [];
      let node: Element | null = el;
      for (let depth = 0; node && node !== document.body && depth < 4; depth++) {
        const testId = node.getAttribute('data-testid');
        let part = node.tagName.toLowerCase();
        if (node.id) part += `#${node.id}`;
        else if (testId) part += `[data-testid="${testId}"]`;
        else if (node.classList.length > 0)
          part += `.${[...node.classList]
            .slice(0, 2)
            .join('.')
            .replace(/[:[\]/]/g, '\\$&')}`;
        parts.unshift(part);
        if (node.id || testId) break;
        node = node.parentElement;
      }
      return parts.join(' > ');
    };
    const nameOf = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('title') ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 60);
    const usable = (el: HTMLElement) => {
      if (el.closest('[inert],[aria-hidden="true"]')) return false;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      // Visually hidden (sr-only) controls are reached through their label.
      return r.width > 1 && r.height > 1;
    };
    const boxOf = (el: HTMLElement): Box => {
      const r = el.getBoundingClientRect();
      const box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        for (const label of el.labels ?? []) {
          const l = label.getBoundingClientRect();
          // A label next to (or around) the box extends its target.
          if (l.width > 0 && l.height > 0 && Math.abs(l.top + l.height / 2 - (r.top + r.height / 2)) < 24) {
            box.left = Math.min(box.left, l.left);
            box.top = Math.min(box.top, l.top);
            box.right = Math.max(box.right, l.right);
            box.bottom = Math.max(box.bottom, l.bottom);
          }
        }
      }
      return box;
    };
    const inSentence = (el: HTMLElement) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim().length;
      return (block.textContent ?? '').trim().length > own + 2;
    };
    const elements = [...root.querySelectorAll<HTMLElement>(TARGETS)].filter(usable);
    // A target inside another target (an icon button in a link) is one target: keep the outermost.
    const targets = elements.filter((el) => !elements.some((o) => o !== el && o.contains(el)));
    const boxes = targets.map((el) => ({ el, box: boxOf(el) }));
    const small = boxes.filter(
      ({ el, box }) => (box.right - box.left < 24 || box.bottom - box.top < 24) && !inSentence(el),
    );
    const centre = (b: Box) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });
    const distanceToBox = (p: { x: number; y: number }, b: Box) => {
      const dx = Math.max(b.left - p.x, 0, p.x - b.right);
      const dy = Math.max(b.top - p.y, 0, p.y - b.bottom);
      return Math.hypot(dx, dy);
    };
    const found: Array<{ selector: string; name: string; width: number; height: number; near: string }> = [];
    for (const s of small) {
      const c = centre(s.box);
      const other = boxes.find(({ el, box }) => {
        if (el === s.el) return false;
        if (distanceToBox(c, box) < 12) return true;
        const isSmall = small.some((x) => x.el === el);
        if (!isSmall) return false;
        const oc = centre(box);
        return Math.hypot(oc.x - c.x, oc.y - c.y) < 24;
      });
      if (other)
        found.push({
          selector: describe(s.el),
          name: nameOf(s.el),
          width: Math.round(s.box.right - s.box.left),
          height: Math.round(s.box.bottom - s.box.top),
          near: `${describe(other.el)} "${nameOf(other.el)}"`,
        });
    }
    return found;
  }, scope);
}

/**
 * The focused element, and whether a sticky or fixed bar (the site header, a sticky toolbar) covers it entirely
 * (WCAG 2.4.11). Toasts are left out: they come and go by themselves.
 */
export async function focusHiddenUnderABar(
  page: Page,
): Promise<{ focused: string; hiddenBy: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { focused: 'body', hiddenBy: null };
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}"`;
    const r = el.getBoundingClientRect();
    const bars = [...document.querySelectorAll<HTMLElement>('body *')].filter((b) => {
      const position = getComputedStyle(b).position;
      return (
        (position === 'sticky' || position === 'fixed') &&
        !b.contains(el) &&
        !b.closest('[data-sonner-toaster]') &&
        b.checkVisibility()
      );
    });
    // What is drawn on top at the focused element's centre and corners: a bar's box may hold an element painted
    // above it (the skip link over the header, a dialog over its overlay).
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 1, r.top + 1],
      [r.right - 1, r.top + 1],
      [r.left + 1, r.bottom - 1],
      [r.right - 1, r.bottom - 1],
    ];
    const seen = points.some(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return !!top && (top === el || el.contains(top) || top.contains(el));
    });
    for (const bar of bars) {
      const b = bar.getBoundingClientRect();
      if (!seen && b.left <= r.left && b.right >= r.right && b.top <= r.top && b.bottom >= r.bottom) {
        return {
          focused: name,
          hiddenBy: `${bar.tagName.toLowerCase()}.${[...bar.classList].slice(0, 3).join('.')}`,
        };
      }
    }
    return { focused: name, hiddenBy: null };
  });
}

/**
 * Presses Tab (Shift+Tab when `back`) until `isTarget` holds for the focused element, checking after every press that
 * the focus is not hidden under a bar; fails after `max` presses. Returns the bars that hid the focus (should be none).
 */
export async function tabUntil(
  page: Page,
  isTarget: (el: { tag: string; name: string; label: string; testId: string | null }) => boolean,
  { max = 80, back = false } = {},
): Promise<string[]> {
  const hidden: string[] = [];
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return {
        tag: el?.tagName.toLowerCase() ?? '',
        label: (el?.labels?.[0]?.textContent ?? el?.getAttribute('placeholder') ?? '').trim(),
        name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().replace(/\s+/g, ' '),
        testId: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      };
    });
  // Already there (a dialog puts the focus on its first field): no press needed.
  if (isTarget(await focused())) return hidden;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const check = await focusHiddenUnderABar(page);
    if (check.hiddenBy) hidden.push(`${check.focused} under ${check.hiddenBy}`);
    if (isTarget(await focused())) return hidden;
  }
  throw new Error(`Tab never reached the target in ${max} presses`);
}
