import { defineTemplate, layout, link } from '../mail/index.js';

/** To every admin when the nightly check of the audit chain fails (docs/product/security.md#audit-log). */
export const AUDIT_VERIFICATION_FAILED_MAIL = defineTemplate<{
  day: string;
  problemCount: number;
  problems: string[];
}>('audit-verification-failed', (p, env) => ({
  subject: `${env.brand.name} audit log check failed`,
  ...layout(
    {
      title: 'The audit log check failed',
      paragraphs: [
        `The nightly check of the audit log's hash chain on ${p.day} found ${p.problemCount} ${p.problemCount === 1 ? 'problem' : 'problems'}: audit rows were changed, removed or inserted out of order outside the application.`,
        ...p.problems,
        'Run `npm run audit:verify` on a server to see every finding, and compare with your last exported copy.',
      ],
      cta: { label: 'Open the Audit Log', url: link(env, '/admin?tab=audit') },
    },
    env,
  ),
}));
