import { defineTemplate, layout, link } from '../mail/index.js';

export const NEW_USER_MAIL = defineTemplate<{
  userId: string;
  name: string;
  email: string;
  companyName: string;
  brands: string[];
}>('notify-admin-new-user', (p, env) => ({
  subject: `New dealer application: ${p.name} (${p.companyName})`,
  ...layout(
    {
      title: 'New dealer application',
      paragraphs: [
        `${p.name} of ${p.companyName} applied to become a dealer. The application waits for your review.`,
      ],
      facts: [
        ['Name', p.name],
        ['Company', p.companyName],
        ['E-mail', p.email],
        ['Brands', p.brands.length ? p.brands.join(', ') : 'None selected'],
      ],
      cta: { label: 'Review applications', url: link(env, '/admin') },
    },
    env,
  ),
}));

export const STATUS_CHANGE_MAIL = defineTemplate<{ name: string; status: 'approved' | 'rejected' }>(
  'notify-user-status-change',
  (p, env) =>
    p.status === 'approved'
      ? {
          subject: `Your ${env.brand.name} dealer application was approved`,
          ...layout(
            {
              title: 'Welcome aboard: your application is approved',
              paragraphs: [
                `Hello ${p.name},`,
                `Your dealer account is approved. Sign in to browse wholesale tractors, make offers and set your preferred brands.`,
              ],
              cta: { label: `Sign in to ${env.brand.name}`, url: link(env, '/') },
            },
            env,
          ),
        }
      : {
          subject: `Your ${env.brand.name} dealer application`,
          ...layout(
            {
              title: 'Your application was not approved',
              paragraphs: [
                `Hello ${p.name},`,
                'Your dealer application has been rejected. Please contact support for more information.',
                `Support: ${env.brand.supportEmail}, ${env.brand.supportPhone}`,
              ],
            },
            env,
          ),
        },
);

export const APPLICATION_EXISTS_MAIL = defineTemplate<{ name: string }>(
  'users-application-exists',
  (p, env) => ({
    subject: `Someone applied with your ${env.brand.name} e-mail address`,
    ...layout(
      {
        title: 'You already have an account',
        paragraphs: [
          `Hello ${p.name},`,
          'Someone just submitted a dealer application with this e-mail address, which already has an account. Nothing was changed.',
          'If it was you, sign in with your password, or use "Forgot your password?" in the sign-in dialog.',
        ],
        cta: { label: `Go to ${env.brand.name}`, url: link(env, '/') },
      },
      env,
    ),
  }),
);

/** To the applicant right after applying: what happens next. Known addresses get the mail above. */
export const APPLICATION_RECEIVED_MAIL = defineTemplate<{ name: string; companyName: string }>(
  'users-application-received',
  (p, env) => ({
    subject: `We received your ${env.brand.name} dealer application`,
    ...layout(
      {
        title: 'We received your application',
        paragraphs: [
          `Hello ${p.name},`,
          `Thank you for applying to ${env.brand.name} for ${p.companyName}. We review applications within 24-48 hours and will e-mail you as soon as a decision is made.`,
          `Questions meanwhile: ${env.brand.supportEmail}, ${env.brand.supportPhone}`,
        ],
        cta: { label: 'Application status', url: link(env, '/pending-approval') },
      },
      env,
    ),
  }),
);
