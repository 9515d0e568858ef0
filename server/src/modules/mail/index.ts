/**
 * The mail module's public surface: what other modules may use. Templates are defined by each feature
 * (`defineTemplate` + `layout`) and queued through `lib/outbox.ts`; the worker and transport stay inside.
 */
export type { MailClass, TemplateName } from '../../lib/mail-classes.js';
/** A template's PDF attachments, rendered at send time (decision 0043). */
export { defineAttachments, type MailAttachment } from './attachments.js';
/** The outbox's gauges of the operator's metrics (decision 0037). */
export { observeOutbox } from './mail.metrics.js';
/** Puts a failed e-mail back in the queue (a conditional update: only failed ones); false when none matched. */
export { retryOutboxMessage } from './outbox.repository.js';
export {
  defineTemplate,
  escapeHtml,
  type LayoutInput,
  layout,
  link,
  type MailEnv,
  type RenderedMail,
  renderTemplate,
  templateNames,
} from './templates.js';
