import { REPORT_CHANGED_TEXT } from '../../../../domain/inspection-api.js';
import { defineTemplate, layout } from '../mail/index.js';

/** To each dealer with an open offer on the tractor when a new revision of its report is published. */
export const REPORT_CHANGED = defineTemplate(
  'inspection-report-changed',
  (p: { listingId: string; tractor: string; number: number; grade: string; previousGrade: string }, env) => {
    const { html, text } = layout(
      {
        title: REPORT_CHANGED_TEXT,
        paragraphs: [
          `The condition report of ${p.tractor}, on which you have an open offer, was revised by our inspector.`,
          'Read the new revision before your offer is accepted: the revision in force at acceptance is the one frozen with your purchase.',
        ],
        facts: [
          ['Tractor', p.tractor],
          ['Revision', String(p.number)],
          ['Grade now', p.grade],
          ['Grade before', p.previousGrade],
        ],
        cta: {
          label: 'Read the condition report',
          url: `${env.publicUrl}/tractor/${p.listingId}#condition-report`,
        },
      },
      env,
    );
    return { subject: `${REPORT_CHANGED_TEXT}: ${p.tractor}`, html, text };
  },
);
