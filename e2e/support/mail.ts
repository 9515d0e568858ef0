import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { baseUrl, dataDir } from './browser';

/** Undoes quoted-printable soft line breaks and escapes, so texts and links read as they were written. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * Waits for the outbox worker to write a message as `DATA_DIR/mail/<ISO time>-<id>-<template>.eml` and
 * returns the newest that matches (a template name or a file-name pattern, optionally its recipient and a text it
 * contains), quoted-printable undone.
 */
export async function waitForMail(
  match: { template: string | RegExp; to?: string; contains?: string },
  // Generous: the outbox worker writes within a second or two, but a CI machine at load 20 takes far longer.
  timeoutMs = 45_000,
): Promise<string> {
  const { template, to, contains } = match;
  const named = (f: string) =>
    typeof template === 'string' ? f.endsWith(`-${template}.eml`) : template.test(f);
  const dir = path.join(dataDir(), 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter(named).sort().reverse();
    } catch {}
    for (const f of files) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8'));
      if ((!to || text.includes(`To: ${to}`)) && (!contains || text.includes(contains))) return text;
    }
    if (Date.now() > deadline)
      throw new Error(`No ${template} e-mail${to ? ` to ${to}` : ''} in ${dir} (files: ${files.length})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link to our own site in a message ('' when there is none). */
export function siteLinkIn(mail: string): string {
  const match = mail.match(new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}/[^\\s"<>]*`));
  return match ? match[0].replace(/&amp;/g, '&') : '';
}
