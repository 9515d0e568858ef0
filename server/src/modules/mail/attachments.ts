import type { AppContext } from '../../lib/context.js';

// docs/decisions/0043-deal-documents.md: a deal e-mail carries its PDF, rendered at send time from the stored
// document rows (insert-only), so the outbox payload stays small and the PDF is the one the site serves.

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

type Attach = (payload: Record<string, unknown>, ctx: AppContext) => Promise<MailAttachment[]>;
const registry = new Map<string, Attach>();

/** A feature names the files a template's e-mail carries (registered beside the template). */
export function defineAttachments<P extends Record<string, unknown>>(
  template: string,
  attach: (payload: P, ctx: AppContext) => Promise<MailAttachment[]>,
): void {
  registry.set(template, attach as Attach);
}

export async function attachmentsFor(
  template: string,
  payload: Record<string, unknown>,
  ctx: AppContext,
): Promise<MailAttachment[]> {
  const attach = registry.get(template);
  return attach ? attach(payload, ctx) : [];
}
