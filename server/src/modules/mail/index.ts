// The mail module's public surface for other modules (scripts/check-boundaries.ts).
export {
  defineTemplate,
  escapeHtml,
  layout,
  type MailEnv,
  type RenderedMail,
  renderTemplate,
} from './templates.js';
