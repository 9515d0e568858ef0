/** Operator-configured brand facts the SPA shows. Kept free of zod so the first page loads light. */
export interface SiteConfig {
  name: string;
  supportEmail: string;
  supportPhone: string;
  officeAddress: string;
  copyrightYear: number;
  publicUrl: string;
  demo: boolean;
}

/** Defaults the SPA renders before /api/site answers (same as the server's defaults). */
export const DEFAULT_SITE: SiteConfig = {
  name: 'FieldLot',
  supportEmail: 'support@fieldlot.example',
  supportPhone: '+1 (302) 555-0147',
  officeAddress: '8 The Green, Suite 400, Dover, DE 19901',
  copyrightYear: new Date().getFullYear(),
  publicUrl: '',
  demo: false,
};
