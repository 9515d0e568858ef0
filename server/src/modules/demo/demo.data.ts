import type { TractorKind } from './tractor-art.js';

/** Demo inventory: plausible models per brand. `price` is the asking price in dollars when nearly new. */
export interface ModelSpec {
  make: string;
  model: string;
  hp: number;
  kind: TractorKind;
  price: number;
  years: [number, number];
  transmission: string;
}

const m = (
  make: string,
  model: string,
  hp: number,
  kind: TractorKind,
  price: number,
  years: [number, number],
  transmission: string,
): ModelSpec => ({ make, model, hp, kind, price, years, transmission });

/** 60 tractors across the 20 listing brands (order is the seeding order; data is deterministic). */
export const DEMO_MODELS: ModelSpec[] = [
  m('John Deere', '8R 410', 410, 'row', 560_000, [2020, 2024], 'e23 PowerShift'),
  m('John Deere', '6155M', 155, 'utility', 185_000, [2016, 2023], 'AutoQuad Plus'),
  m('John Deere', '5075E', 75, 'utility', 52_000, [2015, 2024], '12F/12R PowrReverser'),
  m('John Deere', '7R 330', 330, 'row', 410_000, [2019, 2024], 'e23 PowerShift'),
  m('John Deere', '9RX 640', 640, 'track', 650_000, [2020, 2024], 'e18 PowerShift'),
  m('John Deere', '4066R', 66, 'compact', 58_000, [2017, 2025], 'eHydro'),
  m('John Deere', '6R 250', 250, 'row', 305_000, [2021, 2024], 'AutoPowr IVT'),
  m('John Deere', '8RX 370', 370, 'track', 520_000, [2020, 2023], 'e23 PowerShift'),
  m('John Deere', '5100M', 100, 'utility', 82_000, [2014, 2022], 'PowrReverser 16F/16R'),
  m('Case IH', 'Magnum 340', 340, 'row', 380_000, [2018, 2024], 'PowerDrive 21x5'),
  m('Case IH', 'Puma 165', 165, 'row', 175_000, [2016, 2023], 'CVXDrive'),
  m('Case IH', 'Farmall 75C', 75, 'utility', 45_000, [2014, 2024], '12x12 PowerShuttle'),
  m('Case IH', 'Steiger 620 Quadtrac', 620, 'track', 600_000, [2019, 2024], 'PowerDrive 16x2'),
  m('Case IH', 'Optum 300 CVX', 300, 'row', 330_000, [2019, 2024], 'CVXDrive'),
  m('Case IH', 'Maxxum 145', 145, 'row', 145_000, [2015, 2023], 'ActiveDrive 4'),
  m('Case IH', 'Vestrum 130 CVX', 130, 'utility', 140_000, [2019, 2024], 'CVXDrive'),
  m('New Holland', 'T7.315 HD', 315, 'row', 300_000, [2018, 2024], 'Auto Command CVT'),
  m('New Holland', 'T8.410', 410, 'row', 420_000, [2019, 2024], 'Ultra Command PowerShift'),
  m('New Holland', 'Workmaster 75', 75, 'utility', 44_000, [2016, 2024], '12x12 shuttle'),
  m('New Holland', 'T6.180', 180, 'row', 170_000, [2016, 2023], 'Dynamic Command'),
  m('New Holland', 'T4.120', 120, 'utility', 88_000, [2015, 2023], '16x16 PowerShuttle'),
  m('New Holland', 'T9.645 SmartTrax', 645, 'track', 610_000, [2020, 2024], 'Ultra Command PowerShift'),
  m('Kubota', 'M7-172', 172, 'row', 155_000, [2017, 2024], 'KVT'),
  m('Kubota', 'L3901', 39, 'compact', 29_000, [2016, 2024], 'HST'),
  m('Kubota', 'M6-141', 141, 'utility', 118_000, [2017, 2024], '24F/24R Intelli-Shift'),
  m('Kubota', 'MX5400', 54, 'compact', 41_000, [2016, 2024], 'HST'),
  m('Kubota', 'L2501', 25, 'compact', 21_000, [2017, 2025], 'HST'),
  m('Massey Ferguson', '8S.265', 265, 'row', 260_000, [2021, 2024], 'Dyna-7'),
  m('Massey Ferguson', '5713 SL', 130, 'utility', 105_000, [2017, 2023], 'Dyna-6'),
  m('Massey Ferguson', '4710', 100, 'utility', 62_000, [2018, 2024], '12x12 PowerShuttle'),
  m('Massey Ferguson', '1835E', 35, 'compact', 24_000, [2018, 2025], 'HST'),
  m('Fendt', '942 Vario', 415, 'row', 480_000, [2019, 2024], 'VarioDrive CVT'),
  m('Fendt', '724 Vario', 240, 'row', 290_000, [2018, 2024], 'Vario ML180 CVT'),
  m('Fendt', '1050 Vario', 517, 'fourwd', 590_000, [2018, 2024], 'VarioDrive CVT'),
  m('Claas', 'Axion 870', 295, 'row', 320_000, [2018, 2024], 'CMATIC CVT'),
  m('Claas', 'Arion 550', 165, 'utility', 170_000, [2016, 2023], 'HEXASHIFT'),
  m('Claas', 'Xerion 5000', 530, 'fourwd', 560_000, [2017, 2023], 'CMATIC CVT'),
  m('Deutz-Fahr', '6165 TTV', 165, 'row', 180_000, [2017, 2024], 'TTV CVT'),
  m('Deutz-Fahr', '5125', 126, 'utility', 95_000, [2018, 2024], '30x15 PowerShift'),
  m('Valtra', 'T234 Versu', 235, 'row', 250_000, [2018, 2024], 'Versu 30x30 PowerShift'),
  m('Valtra', 'N175 Direct', 175, 'utility', 185_000, [2017, 2023], 'Direct CVT'),
  m('McCormick', 'X7.690', 175, 'row', 175_000, [2016, 2023], 'VT-Drive CVT'),
  m('McCormick', 'X6.440', 140, 'utility', 105_000, [2017, 2024], 'P6-Drive'),
  m('Landini', '6-145 Dynamic', 145, 'utility', 110_000, [2017, 2024], 'T-Tronic 36x36'),
  m('Landini', 'Rex4 110 GT', 102, 'compact', 78_000, [2018, 2024], '32x16 shuttle'),
  m('Same', 'Virtus 130', 126, 'utility', 115_000, [2017, 2024], '54x54 PowerShift'),
  m('Lamborghini', 'Spark 165 VRT', 165, 'row', 165_000, [2016, 2023], 'VRT CVT'),
  m('Antonio Carraro', 'TTR 7600 Infinity', 75, 'compact', 62_000, [2016, 2024], 'Reversible 16x16'),
  m('Argo Tractors', 'Series 7 230 Robo-Six', 226, 'row', 215_000, [2019, 2024], 'Robo-Six PowerShift'),
  m('AGCO', 'LT90A', 90, 'utility', 48_000, [2008, 2012], '12x12 synchro shuttle'),
  m('AGCO', 'DT225B', 225, 'row', 98_000, [2008, 2011], 'Dyna-VT CVT'),
  m('Challenger', 'MT875E', 585, 'track', 420_000, [2013, 2019], 'PowerShift 16x4'),
  m('Challenger', 'MT765E', 350, 'track', 240_000, [2013, 2018], 'PowerShift 16x4'),
  m('Caterpillar', 'Challenger MT865C', 525, 'track', 230_000, [2008, 2012], 'PowerShift 16x4'),
  m('Caterpillar', 'Challenger MT755C', 305, 'track', 150_000, [2008, 2012], 'PowerShift 16x4'),
  m('JCB', 'Fastrac 4220', 235, 'fourwd', 260_000, [2017, 2024], 'V-Tronic CVT'),
  m('JCB', 'Fastrac 8330', 348, 'fourwd', 320_000, [2015, 2022], 'V-Tronic CVT'),
  m('Mahindra', '6075 PST', 75, 'utility', 52_000, [2017, 2024], '16x16 PowerShuttle'),
  m('Mahindra', '2638 HST', 38, 'compact', 33_000, [2018, 2025], 'HST'),
  m('Mahindra', '1626', 26, 'compact', 18_000, [2018, 2025], 'HST'),
];

/** Farm states weighted towards the corn belt and plains. */
export const DEMO_STATES = [
  'Iowa',
  'Illinois',
  'Nebraska',
  'Kansas',
  'Minnesota',
  'Indiana',
  'Ohio',
  'South Dakota',
  'North Dakota',
  'Missouri',
  'Wisconsin',
  'Texas',
  'Oklahoma',
  'Kentucky',
  'Tennessee',
  'Pennsylvania',
  'Georgia',
  'California',
  'Idaho',
  'Montana',
  'Michigan',
  'Arkansas',
];

export const ORIGINS = [
  'Dealer trade-in from a {state} row-crop operation.',
  'Off-lease return from a national equipment finance company, serviced on schedule throughout the lease.',
  'One-owner machine bought new and run on a family farm in {state}.',
  'Consigned directly by the farmer after a fleet upgrade.',
  'Rental fleet unit, dealer maintained, with complete service history.',
  'Estate sale from a {state} cattle and hay operation, always shedded.',
];

export const USES: Record<TractorKind, string[]> = {
  compact: [
    'Ideal for acreage owners, landscapers and loader work around the yard.',
    'Handy for mowing, snow removal and feeding; fits through standard barn doors.',
  ],
  utility: [
    'A proven all-round tractor for hay, livestock and loader chores.',
    'Well suited to mixed farms: mowing, baling, feeding and light tillage.',
  ],
  row: [
    'Set up for planting, spraying and heavy tillage on row-crop acres.',
    'Strong, fuel-efficient row-crop tractor ready for a planter or air seeder.',
  ],
  fourwd: [
    'High-horsepower articulated power for big drills, chisels and grain carts.',
    'Built for road speed and heavy draft work on large operations.',
  ],
  track: [
    'Tracks keep compaction down and traction up on wet spring ground.',
    'Ready for deep ripping and wide planters; undercarriage recently inspected.',
  ],
};

export const SERVICE_NOTES = [
  'Engine oil, filters and hydraulic fluid changed at the last service.',
  'New rear tires fitted within the last year.',
  'Cab is clean: no tears in the seat, A/C blows cold.',
  'No leaks; transmission shifts smoothly through every range.',
  'Full service records available on request.',
  'Fresh DEF system service and new batteries.',
  'Minor paint wear on the fenders, mechanically sound.',
];

/** The demo inspector (docs/product/condition-reports.md): writes condition reports on a phone at /inspect. */
export const DEMO_INSPECTOR = {
  email: 'inspector@fieldlot.example',
  name: 'Marcus Lee',
  companyName: 'FieldLot',
};

export const DEMO_DEALERS = [
  {
    email: 'dealer@fieldlot.example',
    name: 'Dana Whitfield',
    companyName: 'Whitfield Ag Equipment',
    status: 'approved' as const,
    brands: ['John Deere', 'Case IH', 'Kubota'],
  },
  {
    email: 'dealer2@fieldlot.example',
    name: 'Marcus Ortega',
    companyName: 'Prairie Line Tractor Sales',
    status: 'approved' as const,
    brands: ['New Holland', 'Fendt', 'Massey Ferguson'],
  },
  {
    email: 'pending@fieldlot.example',
    name: 'Priya Natarajan',
    companyName: 'Heartland Implement Co.',
    status: 'pending' as const,
    brands: ['John Deere'],
  },
  {
    email: 'rejected@fieldlot.example',
    name: 'Travis Holt',
    companyName: 'Holt Equipment Brokers',
    status: 'rejected' as const,
    brands: ['Mahindra', 'Kubota'],
  },
];

export const DEMO_PASSWORD = 'Demo-Tractor#2025';

export const DEMO_INQUIRIES = [
  {
    make: 'John Deere',
    model: '8320R',
    year: 2016,
    hours: 5400,
    location: 'Iowa',
    transmission: 'e23 PowerShift',
    email: 'carl.jensen@example.com',
    status: 'pending',
  },
  {
    make: 'Kubota',
    model: 'M5-111',
    year: 2019,
    hours: 1850,
    location: 'Kentucky',
    transmission: null,
    email: 'sarah.miller.farm@example.com',
    status: 'pending',
  },
  {
    make: 'Case IH',
    model: 'Magnum 250',
    year: 2014,
    hours: 7200,
    location: 'Nebraska',
    transmission: 'PowerShift',
    email: 'hoffmann.farms@example.com',
    status: 'contacted',
  },
  {
    make: 'New Holland',
    model: 'T6.165',
    year: 2017,
    hours: 4100,
    location: 'Wisconsin',
    transmission: 'Electro Command',
    email: 'dairy.brothers@example.com',
    status: 'contacted',
  },
  {
    make: 'Massey Ferguson',
    model: '6713',
    year: 2020,
    hours: 900,
    location: 'Georgia',
    transmission: null,
    email: 'peanut.acres@example.com',
    status: 'closed',
  },
  {
    make: 'Other',
    model: 'Versatile 500',
    year: 2012,
    hours: 8800,
    location: 'North Dakota',
    transmission: 'Quadshift',
    email: 'red.river.grain@example.com',
    status: 'closed',
  },
] as const;

/** Small deterministic PRNG, so every fresh demo database holds the same inventory. */
export { seededRandom as prng } from '../../lib/seeded-random.js';
