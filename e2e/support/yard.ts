/** A whole yard (decision 0041): FieldLot's listings go live, and dealers' go to review, only with one. */
export const E2E_YARD = {
  yardAddress: '2600 E Lincoln Way',
  city: 'Ames',
  zip: '50010',
  yardPhone: '(515) 555-0142',
  yardHours: 'Mon–Fri 8–5',
} as const;
