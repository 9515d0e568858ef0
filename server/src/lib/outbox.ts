import type { Executor } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { TemplateName } from './mail-classes.js';

/**
 * Queues an e-mail. Call it with the transaction that makes the change the e-mail is about,
 * so the message exists exactly when the change does. The mail worker sends it with retries.
 * `template` names a template in modules/mail/templates; `payload` is what it renders.
 */
export async function enqueueMail(
  exec: Executor,
  message: { template: TemplateName; to: string; payload?: Record<string, unknown> },
): Promise<void> {
  await exec
    .insert(outbox)
    .values({ template: message.template, recipient: message.to, payload: message.payload ?? {} });
}
