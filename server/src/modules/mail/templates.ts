import type { AppConfig } from '../../config.js';
import type { TemplateName } from '../../lib/mail-classes.js';

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
  /** Paragraphs of plain text (escaped for HTML). */
  paragraphs: string[];
  /** Optional rows shown as a small table (label, value). */
  facts?: Array<[string, string]>;
  /** One primary button. */
  cta?: { label: string; url: string };
  /** For commercial mail: the unsubscribe link (required by law; docs/product/notifications.md#unsubscribe). */
  unsubscribeUrl?: string;
}

/** The company layout: HTML (logo, brand colours, phone-width) and the matching plain text. */
export function layout(input: LayoutInput, env: MailEnv): { html: string; text: string } {
  const green = '#14532d';
  const gold = '#f5b82e';
  const facts = input.facts?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${input.facts
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 0;color:#4b5563;font-size:14px">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:right;font-weight:600;font-size:14px">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const cta = input.cta
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.cta.url)}" style="display:inline-block;background:${green};color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:6px">${escapeHtml(input.cta.label)}</a></p>`
    : '';
  const unsubscribe = input.unsubscribeUrl
    ? `<p style="margin:8px 0 0"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#4b5563">Unsubscribe from these e-mails</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" style="width:100%;border-collapse:collapse"><tr><td style="padding:16px">
<table role="presentation" style="width:100%;max-width:560px;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #d9ddd6">
<tr><td style="background:${green};padding:16px 24px"><a href="${escapeHtml(env.publicUrl)}" style="color:#ffffff;text-decoration:none;font-size:22px;font-weight:800"><span style="color:${gold}">&#9632;</span> ${escapeHtml(env.brand.name)}</a></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(input.title)}</h1>
${input.paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${facts}${cta}
</td></tr>
<tr><td style="padding:16px 24px;background:#eef0ec;font-size:12px;color:#4b5563">
<p style="margin:0">${escapeHtml(env.brand.name)} · ${escapeHtml(env.brand.officeAddress)} · ${escapeHtml(env.brand.supportEmail)}</p>${unsubscribe}
</td></tr></table></td></tr></table></body></html>`;
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
