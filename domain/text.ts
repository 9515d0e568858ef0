/**
 * What text may contain, checked once at the API's edge (docs/product/security.md): no NUL or other control characters
 * (tab, newline and carriage return only in multi-line fields) and no broken UTF-16 (unpaired surrogates).
 * PostgreSQL refuses NUL, and neither belongs in a name, an address or a message.
 */

/** Body fields typed into a multi-line box: the only ones where tab and newline are allowed. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['description', 'otherInfo', 'message']);

export const TEXT_ERROR = 'Contains characters that are not allowed (control characters or broken text)';

// C0 controls, DEL and C1 controls; the multi-line variant spares tab, newline and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_MULTILINE : CONTROL).test(value) && !LONE_SURROGATE.test(value);
}

/** The deepest nesting of arrays and objects any input may have; deeper is refused before any other check. */
export const MAX_NESTING = 32;
export const NESTING_ERROR = `Too deeply nested: at most ${MAX_NESTING} levels of arrays and objects are allowed`;

/**
 * Whether `value` nests arrays and objects deeper than `max` levels. Walks with its own stack, so a hostile
 * body of thousands of nested brackets costs a loop, not the call stack.
 */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (!v || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The path ("a.b.0") of the first string in `value` (keys included) that is not clean text, or null.
 * A string is multi-line when its own key, or the key of the array holding it, is a multi-line field.
 * Iterative (an explicit stack), so no input can overflow the call stack; callers refuse deep nesting first.
 */
export function findUncleanText(value: unknown, path: string[] = [], multiline = false): string | null {
  // Each entry keeps its parent's entry and its own key, so the path is built only for the one we report.
  type Entry = { v: unknown; key: string | null; parent: Entry | null; ml: boolean };
  const pathOf = (e: Entry | null, extra: string[] = []) => {
    const keys: string[] = extra;
    for (let at = e; at; at = at.parent) if (at.key !== null) keys.unshift(at.key);
    return [...path, ...keys].join('.') || '_';
  };
  const stack: Entry[] = [{ v: value, key: null, parent: null, ml: multiline }];
  while (stack.length) {
    const e = stack.pop() as Entry;
    const v = e.v;
    if (typeof v === 'string') {
      if (!isCleanText(v, e.ml)) return pathOf(e);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: String(i), parent: e, ml: e.ml });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [key] of entries) if (!isCleanText(key)) return pathOf(e, ['_']);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        stack.push({ v: child, key, parent: e, ml: MULTILINE_FIELDS.has(key) });
      }
    }
  }
  return null;
}
