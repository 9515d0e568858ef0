export const INQUIRY_STATUSES = ['pending', 'contacted', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** SPEC.md section 4: pending -> contacted (Mark Contacted); contacted -> closed (Mark Closed); closed -> pending (Reopen). */
export const INQUIRY_NEXT: Record<InquiryStatus, { to: InquiryStatus; label: string }> = {
  pending: { to: 'contacted', label: 'Mark Contacted' },
  contacted: { to: 'closed', label: 'Mark Closed' },
  closed: { to: 'pending', label: 'Reopen' },
};

export function canTransitionInquiry(from: InquiryStatus, to: InquiryStatus): boolean {
  return INQUIRY_NEXT[from].to === to;
}
