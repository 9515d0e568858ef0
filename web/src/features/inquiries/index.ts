// The inquiries feature's public file: other features import only this. Screens are handed out as loaders so
// whoever shows them keeps them in their own chunk.
export const loadAdminInquiriesTab = () => import('./components/admin-inquiries-tab');
