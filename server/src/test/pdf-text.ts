import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by PDFKit with the standard fonts: inflates every Flate stream and decodes the
 * hex strings of its text operators (WinAnsi), in order. Good enough to assert what a report prints.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const t of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes = t[1] ? [...t[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => h[1]) : [t[2]];
      out.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
    re.lastIndex = end;
  }
  return out.join('\n');
}
