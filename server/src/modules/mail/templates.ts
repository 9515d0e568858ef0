import type { AppConfig } from '../../config.js';
import type { TemplateName } from '../../lib/mail-classes.js';
import { renderLayoutHtml } from './layout.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Commercial mail: also sent as the List-Unsubscribe header, so mail clients offer their own button. */
  unsubscribeUrl?: string;
}

/** What every template may use besides its payload: absolute links are built from `publicUrl` only. */
export interface MailEnv {
  publicUrl: string;
  brand: AppConfig['brand'];
}

/** Links are built from the configured public URL only (never the Host header). */
export const link = (env: MailEnv, path: string) => `${env.publicUrl}${path}`;

type Render = (payload: Record<string, unknown>, env: MailEnv) => RenderedMail;
const registry = new Map<string, Render>();

/**
 * Registers a template under a name (the outbox row's `template`). Modules define their templates in
 * their own `*.mail.ts` file, imported by their routes file, so the registry is full once buildApp() ran.
 * The name must have a class in `mail-classes.ts` (recipient caps count per class).
 */
export function defineTemplate<P extends Record<string, unknown>, N extends TemplateName = TemplateName>(
  name: N,
  render: (payload: P, env: MailEnv) => RenderedMail,
): N {
  registry.set(name, render as Render);
  return name;
}

export function renderTemplate(name: string, payload: Record<string, unknown>, env: MailEnv): RenderedMail {
  const render = registry.get(name);
  if (!render) throw new Error(`Unknown mail template ${name}`);
  return render(payload, env);
}

export function templateNames(): string[] {
  return [...registry.keys()].sort();
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface LayoutInput {
  /** Heading inside the mail. */
  title: string;
  /** Paragraphs of plain text, never HTML (React escapes every value of the layout). */
  paragraphs: string[];
  /** Optional rows shown as a small table (label, value). */
  facts?: Array<[string, string]>;
  /** One primary button. */
  cta?: { label: string; url: string };
  /** For commercial mail: the unsubscribe link (required by law; docs/product/notifications.md#unsubscribe). */
  unsubscribeUrl?: string;
}

/**
 * The company layout: HTML (React Email components in `layout.tsx`, escaped by React) and the matching plain
 * text, which stays hand-written (better than an HTML-to-text conversion).
 */
export function layout(input: LayoutInput, env: MailEnv): { html: string; text: string } {
  const html = renderLayoutHtml(input, env);
  const text = [
    input.title,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.facts ?? []).map(([k, v]) => `${k}: ${v}`),
    ...(input.facts?.length ? [''] : []),
    ...(input.cta ? [`${input.cta.label}: ${input.cta.url}`, ''] : []),
    '--',
    `${env.brand.name} · ${env.brand.officeAddress} · ${env.brand.supportEmail}`,
    ...(input.unsubscribeUrl ? [`Unsubscribe: ${input.unsubscribeUrl}`] : []),
  ].join('\n');
  return { html, text };
}
