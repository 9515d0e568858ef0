// What the yard and the back office read on a deal's documents (docs/product/documents.md): one function
// per block, so the gate pass, the invoice and the e-mails print the same words.
import { formatCount } from './numbers';

export interface YardFacts {
  city?: string | null;
  location?: string | null;
  zip?: string | null;
  yardAddress?: string | null;
  yardPhone?: string | null;
  yardHours?: string | null;
}

/** The yard block as label and value: address, phone and opening hours when the listing has them, else city and state. */
export function yardFields(yard: YardFacts): Array<[string, string]> {
  const place = [yard.city, yard.location, yard.zip].filter(Boolean).join(', ');
  const street = yard.yardAddress?.trim();
  const fields: Array<[string, string]> = [
    ['Collect at', street ? [street, place].filter(Boolean).join(', ') : place],
  ];
  if (yard.yardPhone?.trim()) fields.push(['Yard phone', yard.yardPhone.trim()]);
  if (yard.yardHours?.trim()) fields.push(['Opening hours', yard.yardHours.trim()]);
  return fields;
}

/** The same block as lines of a document (the gate pass). */
export function yardLines(yard: YardFacts): string[] {
  return yardFields(yard).map(([label, value]) => `${label}: ${value}`);
}

/** The tractor's serial number or PIN, said plainly when the seller did not record it. */
export function serialValue(serial: string | null | undefined): string {
  return serial?.trim() || 'not recorded';
}

export function serialLine(serial: string | null | undefined): string {
  return `Serial/PIN: ${serialValue(serial)}`;
}

export function hoursLine(hours: number | null | undefined): string {
  return `Hours: ${hours == null ? 'not recorded' : formatCount(hours)}`;
}

/** Who sold the tractor: the dealer's company on a dealer's listing, FieldLot on its own. */
export function soldByLine(sellerCompany: string | null | undefined, brand = 'FieldLot'): string {
  return sellerCompany?.trim() ? `Sold by ${sellerCompany.trim()}` : `Sold by ${brand}`;
}
