/**
 * What text may contain, checked once at the API's edge (issue 10): no NUL or other control characters
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

/**
 * The path ("a.b.0") of the first string in `value` (keys included) that is not clean text, or null.
 * A string is multi-line when its own key, or the key of the array holding it, is a multi-line field.
 */
export function findUncleanText(value: unknown, path: string[] = [], multiline = false): string | null {
  if (typeof value === 'string') return isCleanText(value, multiline) ? null : path.join('.') || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUncleanText(value[i], [...path, String(i)], multiline);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!isCleanText(key)) return [...path, '_'].join('.');
      const found = findUncleanText(v, [...path, key], MULTILINE_FIELDS.has(key));
      if (found !== null) return found;
    }
  }
  return null;
}
