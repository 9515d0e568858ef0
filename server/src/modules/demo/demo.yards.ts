/**
 * One yard per demo state: where a demo tractor stands (docs/product/listings.md#the-yard). Every ZIP is one the
 * delivery table knows (purchases/zip-places.ts), so every demo listing gets a delivery estimate.
 */
export interface DemoYard {
  city: string;
  zip: string;
  yardAddress: string;
  yardPhone: string;
  yardHours: string;
}

const yard = (
  city: string,
  zip: string,
  yardAddress: string,
  yardPhone: string,
  yardHours = 'Mon–Fri 8–5',
) => ({
  city,
  zip,
  yardAddress,
  yardPhone,
  yardHours,
});

export const DEMO_YARDS: Record<string, DemoYard> = {
  Iowa: yard('Ames', '50010', '2600 E Lincoln Way', '(515) 555-0142'),
  Illinois: yard('Moline', '61265', '4100 River Dr', '(309) 555-0187'),
  Nebraska: yard('Omaha', '68102', '1015 Leavenworth St', '(402) 555-0119', 'Mon–Sat 7–4'),
  Kansas: yard('Salina', '67401', '2200 N 9th St', '(785) 555-0163'),
  Minnesota: yard('Mankato', '56001', '1750 Madison Ave', '(507) 555-0128'),
  Indiana: yard('Lafayette', '47901', '3300 State Rd 26 E', '(765) 555-0174'),
  Ohio: yard('Marion', '43302', '1480 Marion-Waldo Rd', '(740) 555-0136'),
  'South Dakota': yard('Aberdeen', '57401', '3900 6th Ave SE', '(605) 555-0191'),
  'North Dakota': yard('Jamestown', '58401', '2105 8th Ave SW', '(701) 555-0147'),
  Missouri: yard('Sedalia', '65301', '3801 S Limit Ave', '(660) 555-0158'),
  Wisconsin: yard('Portage', '53901', '2950 New Pinery Rd', '(608) 555-0112'),
  Texas: yard('Amarillo', '79101', '1200 S Grand St', '(806) 555-0170', 'Mon–Fri 7–6'),
  Oklahoma: yard('Woodward', '73801', '2424 Oklahoma Ave', '(580) 555-0133'),
  Kentucky: yard('Frankfort', '40601', '1300 Louisville Rd', '(502) 555-0184'),
  Tennessee: yard('Jackson', '38301', '2050 S Highland Ave', '(731) 555-0121'),
  Pennsylvania: yard('Lancaster', '17601', '1850 Fruitville Pike', '(717) 555-0149'),
  Georgia: yard('Athens', '30601', '750 Commerce Blvd', '(706) 555-0165'),
  California: yard('Visalia', '93291', '8400 W Goshen Ave', '(559) 555-0107', 'Mon–Sat 6–3'),
  Idaho: yard('Twin Falls', '83301', '1650 Kimberly Rd', '(208) 555-0152'),
  Montana: yard('Billings', '59101', '3100 Laurel Rd', '(406) 555-0178'),
  Michigan: yard('Charlotte', '48813', '1245 Lansing Rd', '(517) 555-0139'),
  Arkansas: yard('Jonesboro', '72401', '2900 E Highland Dr', '(870) 555-0126'),
};

/** The yard of a demo tractor in `state` (Iowa's when the state has none). */
export const demoYard = (state: string): DemoYard => DEMO_YARDS[state] ?? DEMO_YARDS.Iowa;
