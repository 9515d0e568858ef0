import { plainDisplayName } from '../../../../domain/dealerships.js';
import { defineTemplate, layout, link } from '../mail/index.js';

/** docs/product/accounts.md#download-all-our-data: the owner's file is ready, behind a link that works once. */
export const DATA_EXPORT_READY_MAIL = defineTemplate<{
  token: string;
  dealershipName: string;
  days: number;
  sizeBytes: number;
}>('data-export-ready', (p, env) => {
  const name = plainDisplayName(p.dealershipName);
  const url = link(env, `/data-export?token=${encodeURIComponent(p.token)}`);
  const megabytes = Math.max(0.1, Math.round(p.sizeBytes / 100_000) / 10);
  return {
    subject: `Your ${env.brand.name} data for ${name} is ready`,
    ...layout(
      {
        title: 'Your data is ready',
        paragraphs: [
          `The file you asked for with "Download all our data" is ready: every record ${env.brand.name} holds about ${name} and its members, as a ZIP file of ${megabytes} MB.`,
          `The link works once, within ${p.days} days. Opening it changes nothing: the download starts when you press the button on the page.`,
          'If you did not ask for this, sign in and change your password, and tell us.',
        ],
        cta: { label: 'Download your data', url },
      },
      env,
    ),
  };
});
