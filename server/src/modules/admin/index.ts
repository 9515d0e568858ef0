/** The admin module's public surface. */
export { adminRoutes } from './admin.routes.js';
export { previewTemplates, renderPreview } from './mail-preview.js';
