/**
 * RFC 4180 CSV. A cell that starts with =, +, - or @ (a formula to a spreadsheet) is prefixed with ' so opening the
 * file never runs what someone typed into a message or reason.
 */
export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
