/** Query parameters whose values are secrets (link tokens, one-time passwords): never written to a log. */
const SECRET_PARAM = /token|temp_password|password|secret|signature/i;

/**
 * The URL with the values of secret query parameters replaced (docs/product/security.md: logs never carry
 * tokens).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {}
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}
