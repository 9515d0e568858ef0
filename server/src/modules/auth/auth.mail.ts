import { defineTemplate, layout, link } from '../mail/index.js';

export const RESET_MAIL = defineTemplate<{ name: string; token: string }>('auth-reset-password', (p, env) => {
  const url = link(env, `/reset-password?token=${encodeURIComponent(p.token)}`);
  return {
    subject: `Reset your ${env.brand.name} password`,
    ...layout(
      {
        title: 'Reset your password',
        paragraphs: [
          `Hello ${p.name},`,
          'Someone asked to reset the password of your account. Use the button below within 1 hour; the link works once.',
          'Resetting your password signs you out on every device. If you did not ask for this, ignore this e-mail.',
        ],
        cta: { label: 'Choose a new password', url },
      },
      env,
    ),
  };
});

export const RESET_NOT_APPROVED_MAIL = defineTemplate<{ name: string }>(
  'auth-reset-not-approved',
  (p, env) => ({
    subject: `Your ${env.brand.name} password reset request`,
    ...layout(
      {
        title: 'Password reset not available yet',
        paragraphs: [
          `Hello ${p.name},`,
          'Your account must be approved before you can reset your password.',
          `If you have questions about your application, contact ${env.brand.supportEmail}.`,
        ],
      },
      env,
    ),
  }),
);

export const SIGN_IN_LINK_MAIL = defineTemplate<{ name: string; url: string }>(
  'auth-sign-in-link',
  (p, env) => ({
    subject: `Your ${env.brand.name} sign-in link`,
    ...layout(
      {
        title: 'Sign in to your account',
        paragraphs: [
          `Hello ${p.name},`,
          'Use the button below to sign in. The link works once and expires in 15 minutes.',
          'If you did not ask for this link, ignore this e-mail.',
        ],
        // `url` is a path the server built; the origin always comes from configuration.
        cta: { label: 'Sign in', url: link(env, p.url) },
      },
      env,
    ),
  }),
);

export const SIGN_IN_LINK_NOT_APPROVED_MAIL = defineTemplate<{ name: string }>(
  'auth-sign-in-link-not-approved',
  (p, env) => ({
    subject: `Your ${env.brand.name} sign-in request`,
    ...layout(
      {
        title: 'Your account is not approved yet',
        paragraphs: [
          `Hello ${p.name},`,
          'Someone asked for a sign-in link for this address, but your account is not approved for access yet.',
          `If you have questions about your application, contact ${env.brand.supportEmail}.`,
        ],
      },
      env,
    ),
  }),
);
