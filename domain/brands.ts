/** Fixed brand lists (docs/product/listings.md#a-listing). */
export const LISTING_BRANDS = [
  'John Deere',
  'Case IH',
  'New Holland',
  'Massey Ferguson',
  'Kubota',
  'Fendt',
  'Claas',
  'Deutz-Fahr',
  'Valtra',
  'McCormick',
  'Landini',
  'Same',
  'Lamborghini',
  'Antonio Carraro',
  'Argo Tractors',
  'AGCO',
  'Challenger',
  'Caterpillar',
  'JCB',
  'Mahindra',
] as const;

export const APPLICATION_BRANDS = [
  'John Deere',
  'Case IH',
  'New Holland',
  'Massey Ferguson',
  'Kubota',
  'Fendt',
  'Claas',
  'Deutz-Fahr',
  'JCB',
  'Valtra',
  'McCormick',
  'Landini',
  'Same',
  'Steyr',
  'Challenger',
  'AGCO',
  'Versatile',
  'Zetor',
] as const;

export const SELL_FORM_MAKES = [
  'John Deere',
  'Case IH',
  'New Holland',
  'Massey Ferguson',
  'Kubota',
  'Fendt',
  'Other',
] as const;

/** Every brand name the product knows, for validation of preferences. */
export const ALL_BRANDS: readonly string[] = [
  ...new Set<string>([...LISTING_BRANDS, ...APPLICATION_BRANDS]),
].sort();

export type ListingBrand = (typeof LISTING_BRANDS)[number];
