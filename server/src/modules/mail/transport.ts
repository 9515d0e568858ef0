import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.js';
import type { MailAttachment } from './attachments.js';

export interface OutgoingMail {
  /** The outbox row id: also sent as a header, so duplicates would be visible to the receiver. */
  id: number;
  template: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl?: string;
  /** The deal's PDF (docs/decisions/0043-deal-documents.md). */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { 'X-Outbox-Id': String(mail.id), 'X-Template': mail.template },
    ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl } } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}

/** Every link of the HTML part, for the log (the local way to follow a sign-in link without a mailbox). */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

/** SMTP through nodemailer; timeouts stay well under the worker's claim lease. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP: each message becomes `DATA_DIR/mail/<ISO time>-<id>-<template>.eml` (names sort by time,
 * so the newest is last). The log names the file, never the links: they carry sign-in, reset and offer tokens,
 * and whoever reads the logs must not be able to use them (even in production without SMTP).
 */
export function emlTransport(dir: string, log?: FastifyBaseLogger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'eml',
    async send(mail) {
      const info = await builder.sendMail(message(mail));
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const safeTemplate = mail.template.replace(/[^\w.-]/g, '_');
      const file = path.join(dir, `${stamp}-${String(mail.id).padStart(6, '0')}-${safeTemplate}.eml`);
      writeFileSync(file, info.message as Buffer);
      log?.info({ to: mail.to, subject: mail.subject, file }, 'mail written');
    },
    close: () => builder.close(),
  };
}

export function createTransport(config: AppConfig, log?: FastifyBaseLogger): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : emlTransport(path.join(config.dataDir, 'mail'), log);
}
