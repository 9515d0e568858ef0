import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  port: number;
  /** Messages received, and how many carried an outbox id already seen (sent twice). */
  stats(): { received: number; duplicates: number };
  close(): Promise<void>;
}

/**
 * An SMTP server that accepts everything and writes each message as `<dir>/<ISO time>-<outbox id>-<template>.eml`,
 * the names the embedded `.eml` transport uses, so e2e/support/mail.ts reads them the same way.
 */
export async function startMailSink(dir: string): Promise<MailSink> {
  mkdirSync(dir, { recursive: true });
  const seen = new Set<string>();
  let received = 0;
  let duplicates = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0])?.[1].trim() ?? 'unknown';
        const id = header('X-Outbox-Id');
        if (seen.has(id)) duplicates += 1;
        seen.add(id);
        received += 1;
        const name = `${new Date().toISOString()}-${id}-${header('X-Template')}.eml`;
        writeFileSync(path.join(dir, name), raw);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    port,
    stats: () => ({ received, duplicates }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
