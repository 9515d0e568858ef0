export const INQUIRY_STATUSES = ['pending', 'contacted', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** A sell-form inquiry as the admin API answers it (dates as ISO strings). */
export interface SaleInquiry {
  id: string;
  make: string | null;
  model: string | null;
  year: number | null;
  hours: number | null;
  location: string | null;
  condition: string | null;
  description: string | null;
  email: string;
  transmission: string | null;
  status: InquiryStatus;
  createdAt: string;
  updatedAt: string;
}

/** docs/product/selling.md#inquiry-status: pending -> contacted (Mark Contacted); contacted -> closed (Mark Closed); closed -> pending (Reopen). */
export const INQUIRY_NEXT: Record<InquiryStatus, { to: InquiryStatus; label: string }> = {
  pending: { to: 'contacted', label: 'Mark Contacted' },
  contacted: { to: 'closed', label: 'Mark Closed' },
  closed: { to: 'pending', label: 'Reopen' },
};

export function canTransitionInquiry(from: InquiryStatus, to: InquiryStatus): boolean {
  return INQUIRY_NEXT[from].to === to;
}
