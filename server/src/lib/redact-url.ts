/** Query parameters whose values are secrets (link tokens, one-time passwords): never written to a log. */
const SECRET_PARAM = /token|temp_password|password|secret|signature/i;

/**
 * Pages and API routes whose path carries a link token (the farmer's offer link, domain/farmer-offers.ts): the
 * segment after these is the secret. Token links of other kinds travel in query strings.
 */
const TOKEN_PATH = /(\/(?:api\/)?farmer-offers?\/)[^/?#\s"'\\]+/gi;
/** Secret query values inside any text (a log line's message, an error's message). */
const SECRET_QUERY =
  /([?&](?:[^=&\s"'\\]*(?:token|temp_password|password|secret|signature)[^=&\s"'\\]*)=)[^&#\s"'\\]+/gi;

const REDACTED = '[REDACTED]';

/**
 * The URL with the values of secret query parameters and token path segments replaced
 * (docs/product/security.md: logs never carry tokens).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = (q < 0 ? url : url.slice(0, q)).replace(TOKEN_PATH, `$1${REDACTED}`);
  if (q < 0) return pathPart;
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
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/**
 * The last guard on every log line (pino's streamWrite hook): whatever field a URL ended up in (an error's
 * message, a path, a link), token path segments and secret query values are replaced.
 */
export function redactSecrets(line: string): string {
  return line.replace(TOKEN_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}
