/**
 * A spreadsheet reads a cell starting with = + - @ (or their full-width forms ＝ ＋ － ＠, or a tab or a return) as
 * a formula: quote it as text (OWASP's CSV injection guidance).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r＝＋－＠]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
