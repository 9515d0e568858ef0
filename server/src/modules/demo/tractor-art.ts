/**
 * Demo listing pictures: tractors drawn as SVG in their brand's colours (no photo can be downloaded here).
 * Oblique projection: the far side is drawn shifted by a depth vector, so "three-quarter" shots show the
 * hood top, grille and roof. No logos or lettering (trademarks), only colours.
 */

export interface Palette {
  body: string;
  bodyDark: string;
  stripe: string;
  rim: string;
  cab: string;
  roof: string;
  frame: string;
}

const P = (
  body: string,
  bodyDark: string,
  stripe: string,
  rim: string,
  roof = body,
  frame = '#26292c',
  cab = '#2f3337',
): Palette => ({
  body,
  bodyDark,
  stripe,
  rim,
  roof,
  frame,
  cab,
});

export const BRAND_PALETTES: Record<string, Palette> = {
  'John Deere': P('#367c2b', '#25591d', '#ffde00', '#ffde00'),
  'Case IH': P('#b3121b', '#7d0c12', '#1d1d1d', '#c9ccce', '#b3121b'),
  'New Holland': P('#1a4f9c', '#123a72', '#f2f2f2', '#cfd3d6', '#f2f2f2'),
  'Massey Ferguson': P('#c8102e', '#8f0b21', '#9ea2a6', '#9ea2a6', '#c8102e', '#3f4347'),
  Kubota: P('#f47a20', '#bf5c12', '#2b2b2b', '#f47a20', '#f47a20'),
  Fendt: P('#3b7c34', '#2a5a25', '#d7d9db', '#b8bcbf', '#2f3337', '#3f4347'),
  Claas: P('#a8c536', '#7d9526', '#c8102e', '#d7d9db', '#eceeef', '#5a5f63'),
  'Deutz-Fahr': P('#74a93a', '#56802a', '#2b2b2b', '#d7d9db', '#74a93a'),
  Valtra: P('#a6192e', '#741221', '#2b2b2b', '#2b2b2b', '#a6192e'),
  McCormick: P('#d0202e', '#941621', '#b7bbbe', '#b7bbbe', '#3a3d40'),
  Landini: P('#1e5aa8', '#153f77', '#d7d9db', '#d7d9db', '#1e5aa8'),
  Same: P('#e0401c', '#a82e13', '#2b2b2b', '#c9ccce', '#e0401c'),
  Lamborghini: P('#e9ecee', '#b9bec2', '#1c1c1c', '#1c1c1c', '#1c1c1c'),
  'Antonio Carraro': P('#e4572e', '#b04120', '#2b2b2b', '#2b2b2b', '#2b2b2b'),
  'Argo Tractors': P('#22365c', '#172641', '#c9a227', '#c9ccce', '#22365c'),
  AGCO: P('#b22222', '#7f1818', '#c4c7ca', '#c4c7ca', '#7f1818'),
  Challenger: P('#f2b705', '#c49404', '#1c1c1c', '#1c1c1c', '#1c1c1c'),
  Caterpillar: P('#ffc20e', '#cf9d08', '#1c1c1c', '#1c1c1c', '#1c1c1c'),
  JCB: P('#fcb813', '#cc930c', '#1c1c1c', '#1c1c1c', '#1c1c1c'),
  Mahindra: P('#c8102e', '#8f0b21', '#c0c4c8', '#c0c4c8', '#c0c4c8'),
};

export type TractorKind = 'compact' | 'utility' | 'row' | 'fourwd' | 'track';
export type Angle = 'side' | 'field' | 'yard' | 'sunset';
export const ANGLES: readonly Angle[] = ['side', 'field', 'yard', 'sunset'];

/** Output size; drawn in a 1600 x 1200 space. 1200 px wide is plenty for drawings and keeps seeding quick. */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 900;

interface Geometry {
  rear: { x: number; r: number };
  front: { x: number; r: number };
  hood: { x0: number; x1: number; top: number; nose: number };
  cab: { x0: number; x1: number; roof: number; floor: number; open: boolean };
}

// Ground is y = 1000 in tractor space; the tractor faces right.
const GEOMETRY: Record<TractorKind, Geometry> = {
  compact: {
    rear: { x: 520, r: 190 },
    front: { x: 1110, r: 120 },
    hood: { x0: 700, x1: 1230, top: 600, nose: 640 },
    cab: { x0: 430, x1: 700, roof: 330, floor: 690, open: true },
  },
  utility: {
    rear: { x: 490, r: 215 },
    front: { x: 1160, r: 145 },
    hood: { x0: 700, x1: 1300, top: 530, nose: 575 },
    cab: { x0: 400, x1: 740, roof: 230, floor: 600, open: false },
  },
  row: {
    rear: { x: 470, r: 245 },
    front: { x: 1190, r: 170 },
    hood: { x0: 720, x1: 1350, top: 470, nose: 520 },
    cab: { x0: 380, x1: 760, roof: 160, floor: 560, open: false },
  },
  fourwd: {
    rear: { x: 380, r: 235 },
    front: { x: 1130, r: 235 },
    hood: { x0: 720, x1: 1400, top: 450, nose: 490 },
    cab: { x0: 460, x1: 800, roof: 150, floor: 540, open: false },
  },
  track: {
    rear: { x: 400, r: 150 },
    front: { x: 1120, r: 150 },
    hood: { x0: 720, x1: 1380, top: 470, nose: 510 },
    cab: { x0: 430, x1: 780, roof: 170, floor: 560, open: false },
  },
};

function wheel(cx: number, r: number, rim: string, dark = false): string {
  const cy = 1000 - r;
  const tyre = dark ? '#121314' : '#1d1f21';
  const lugs = Math.round(r / 6);
  const lugPath = Array.from({ length: lugs }, (_, i) => {
    const a = (i / lugs) * Math.PI * 2;
    const x1 = cx + Math.cos(a) * (r - 2);
    const y1 = cy + Math.sin(a) * (r - 2);
    const x2 = cx + Math.cos(a + 0.08) * (r * 0.86);
    const y2 = cy + Math.sin(a + 0.08) * (r * 0.86);
    return `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
  }).join('');
  const bolts = Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2;
    return `<circle cx="${(cx + Math.cos(a) * r * 0.15).toFixed(1)}" cy="${(cy + Math.sin(a) * r * 0.15).toFixed(1)}" r="${(r * 0.025).toFixed(1)}" fill="#2a2a2a"/>`;
  }).join('');
  return `<g${dark ? ' opacity="0.85"' : ''}>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${tyre}"/>
<path d="${lugPath}" stroke="#34383c" stroke-width="${(r * 0.07).toFixed(1)}" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy}" r="${(r * 0.8).toFixed(1)}" fill="none" stroke="#2c3034" stroke-width="${(r * 0.04).toFixed(1)}"/>
<circle cx="${cx}" cy="${cy}" r="${(r * 0.58).toFixed(1)}" fill="${rim}"/>
<circle cx="${cx}" cy="${cy}" r="${(r * 0.48).toFixed(1)}" fill="#000" opacity="0.18"/>
<circle cx="${cx}" cy="${cy}" r="${(r * 0.24).toFixed(1)}" fill="${rim}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>
${bolts}
<circle cx="${cx}" cy="${cy}" r="${(r * 0.07).toFixed(1)}" fill="#3a3a3a"/>
${dark ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#000" opacity="0.35"/>` : ''}
</g>`;
}

function track(g: Geometry, dark = false): string {
  const x0 = g.rear.x - g.rear.r;
  const x1 = g.front.x + g.front.r;
  const top = 1000 - 2 * g.rear.r - 10;
  const mids = [0.3, 0.5, 0.7].map((f) => x0 + (x1 - x0) * f);
  return `<g${dark ? ' opacity="0.7"' : ''}>
<rect x="${x0 - 10}" y="${top}" width="${x1 - x0 + 20}" height="${1000 - top}" rx="${(1000 - top) / 2}" fill="#1b1c1e"/>
<rect x="${x0 - 10}" y="${top}" width="${x1 - x0 + 20}" height="${1000 - top}" rx="${(1000 - top) / 2}" fill="none" stroke="#2e3135" stroke-width="22" stroke-dasharray="16 14"/>
<circle cx="${g.rear.x}" cy="${1000 - g.rear.r}" r="${g.rear.r - 30}" fill="#3b3f43"/>
<circle cx="${g.front.x}" cy="${1000 - g.front.r}" r="${g.front.r - 30}" fill="#3b3f43"/>
${mids.map((x) => `<circle cx="${x}" cy="${1000 - 60}" r="45" fill="#4a4f54"/>`).join('')}
</g>`;
}

/** The tractor in its own space; `depth` is the oblique offset of the far side (0,0 for a flat side view). */
export function tractorSvg(
  c: Palette,
  kind: TractorKind,
  options: { loader?: boolean; depth?: [number, number] } = {},
): string {
  const g = GEOMETRY[kind];
  const [dx, dy] = options.depth ?? [0, 0];
  const oblique = dx !== 0 || dy !== 0;
  const h = g.hood;
  const cab = g.cab;
  const parts: string[] = [];

  // Far side first (behind everything): far wheels, seen through the gap under the body.
  if (oblique) {
    parts.push(`<g transform="translate(${dx} ${dy})">`);
    if (kind === 'track') parts.push(track(g, true));
    else parts.push(wheel(g.front.x, g.front.r, c.rim, true), wheel(g.rear.x, g.rear.r, c.rim, true));
    parts.push('</g>');
  }

  // Three-point hitch and drawbar at the back.
  const hitchX = g.rear.x - g.rear.r * 0.95;
  parts.push(
    `<path d="M${g.rear.x - 60} ${1000 - g.rear.r + 40} L${hitchX - 40} ${1000 - g.rear.r + 120} M${g.rear.x - 40} ${1000 - g.rear.r + 110} L${hitchX - 50} ${1000 - g.rear.r + 170}" stroke="#2a2d30" stroke-width="22" stroke-linecap="round"/>`,
  );

  // Chassis rail and front weights.
  parts.push(
    `<rect x="${g.rear.x}" y="${h.nose + 150}" width="${h.x1 - g.rear.x}" height="90" fill="#2f3236"/>`,
    `<rect x="${h.x1 - 10}" y="${h.nose + 120}" width="${kind === 'compact' ? 60 : 110}" height="${kind === 'compact' ? 110 : 150}" rx="10" fill="#3d4145"/>`,
  );
  for (let i = 1; i < 5 && kind !== 'compact'; i++)
    parts.push(
      `<line x1="${h.x1 - 10 + i * 22}" y1="${h.nose + 125}" x2="${h.x1 - 10 + i * 22}" y2="${h.nose + 265}" stroke="#25282b" stroke-width="4"/>`,
    );

  // Hood: top face (oblique), side, grille face.
  const hoodBottom = h.nose + 160;
  if (oblique) {
    parts.push(
      `<path d="M${h.x0} ${h.top} L${h.x1 - 40} ${h.nose - 20} L${h.x1 - 40 + dx} ${h.nose - 20 + dy} L${h.x0 + dx} ${h.top + dy} Z" fill="${c.body}"/>`,
      `<path d="M${h.x0} ${h.top} L${h.x1 - 40} ${h.nose - 20} L${h.x1 - 40 + dx} ${h.nose - 20 + dy} L${h.x0 + dx} ${h.top + dy} Z" fill="#fff" opacity="0.22"/>`,
    );
  }
  parts.push(
    `<path d="M${h.x0} ${h.top} L${h.x1 - 40} ${h.nose - 20} Q${h.x1} ${h.nose - 14} ${h.x1} ${h.nose + 25} L${h.x1} ${hoodBottom} L${h.x0} ${hoodBottom} Z" fill="${c.body}"/>`,
    `<path d="M${h.x0} ${h.top + 6} L${h.x1 - 40} ${h.nose - 14}" stroke="#fff" stroke-opacity="0.35" stroke-width="8"/>`,
    `<path d="M${h.x0 + 10} ${hoodBottom - 55} L${h.x1 - 5} ${hoodBottom - 50}" stroke="${c.stripe}" stroke-width="14"/>`,
  );
  // Side vents.
  for (let i = 0; i < 4; i++) {
    const x = h.x1 - 120 - i * 34;
    parts.push(
      `<path d="M${x} ${h.nose + 20} l-18 60" stroke="${c.bodyDark}" stroke-width="12" stroke-linecap="round"/>`,
    );
  }
  if (oblique) {
    // Grille face towards the viewer.
    parts.push(
      `<path d="M${h.x1} ${h.nose + 20} L${h.x1 + dx} ${h.nose + 20 + dy} L${h.x1 + dx} ${hoodBottom + dy} L${h.x1} ${hoodBottom} Z" fill="${c.bodyDark}"/>`,
      `<path d="M${h.x1 + 8} ${h.nose + 40 + dy * 0.1} L${h.x1 + dx - 8} ${h.nose + 30 + dy} L${h.x1 + dx - 8} ${hoodBottom - 20 + dy} L${h.x1 + 8} ${hoodBottom - 12} Z" fill="#17191b"/>`,
      `<path d="M${h.x1 + 12} ${h.nose + 48} L${h.x1 + dx - 12} ${h.nose + 38 + dy}" stroke="#fff6c8" stroke-width="16" stroke-linecap="round"/>`,
    );
  } else {
    parts.push(
      `<rect x="${h.x1 - 12}" y="${h.nose + 20}" width="16" height="${hoodBottom - h.nose - 30}" fill="#17191b"/>`,
      `<rect x="${h.x1 - 36}" y="${h.nose + 4}" width="30" height="18" rx="6" fill="#fff6c8"/>`,
    );
  }

  // Exhaust stack in front of the cab.
  if (kind !== 'compact') {
    const ex = h.x0 + 150;
    parts.push(
      `<rect x="${ex}" y="${cab.roof + 120}" width="20" height="${h.top - cab.roof - 100}" fill="#3b3e42"/>`,
      `<rect x="${ex - 4}" y="${cab.roof + 112}" width="28" height="14" rx="4" fill="#26282b"/>`,
    );
  }

  // Wheels / tracks (near side).
  if (kind === 'track') parts.push(track(g));

  // Fender over the rear wheel.
  const fr = g.rear.r + 22;
  const fcy = 1000 - g.rear.r;
  const arc = (a0: number, a1: number) => {
    const p = (a: number) =>
      `${(g.rear.x + Math.cos(a) * fr).toFixed(1)} ${(fcy + Math.sin(a) * fr).toFixed(1)}`;
    return `M${p(a0)} A${fr} ${fr} 0 0 1 ${p(a1)}`;
  };
  if (kind !== 'track')
    parts.push(
      `<path d="${arc(Math.PI * 1.08, Math.PI * 1.92)}" stroke="${c.body}" stroke-width="30" fill="none"/>`,
    );
  else
    parts.push(
      `<rect x="${g.rear.x - 140}" y="${cab.floor}" width="${h.x1 - g.rear.x}" height="40" fill="${c.body}"/>`,
    );

  // Cab body below the glass, fuel tank and steps.
  parts.push(
    `<rect x="${cab.x0 + 30}" y="${cab.floor}" width="${cab.x1 - cab.x0 - 10}" height="${hoodBottom - cab.floor}" fill="${c.bodyDark}"/>`,
    `<rect x="${cab.x1 - 60}" y="${hoodBottom - 70}" width="170" height="95" rx="18" fill="${c.body}"/>`,
    `<path d="M${cab.x1 - 70} ${hoodBottom + 30} h60 M${cab.x1 - 70} ${hoodBottom + 75} h60 M${cab.x1 - 70} ${hoodBottom + 120} h60" stroke="#2a2d30" stroke-width="10"/>`,
  );

  if (cab.open) {
    // Compact tractors: seat, steering wheel and a roll-over bar instead of a cab.
    parts.push(
      `<path d="M${cab.x0 + 90} ${cab.floor - 10} q0 -120 40 -130 l40 0 0 130 z" fill="#222"/>`,
      `<path d="M${cab.x1 - 40} ${h.top - 10} l-60 -110" stroke="#222" stroke-width="14"/>`,
      `<ellipse cx="${cab.x1 - 100}" cy="${h.top - 120}" rx="42" ry="10" fill="none" stroke="#222" stroke-width="10"/>`,
      `<path d="M${cab.x0 + 20} ${cab.floor + 40} L${cab.x0 + 40} ${cab.roof} L${cab.x0 + 200} ${cab.roof} L${cab.x0 + 220} ${cab.floor}" stroke="#1f2124" stroke-width="22" fill="none" stroke-linejoin="round"/>`,
      `<rect x="${cab.x0 + 10}" y="${cab.roof - 26}" width="240" height="30" rx="8" fill="${c.roof}"/>`,
    );
  } else {
    const glass = `M${cab.x0 + 35} ${cab.roof + 40} L${cab.x1 - 25} ${cab.roof + 40} L${cab.x1} ${cab.floor} L${cab.x0 + 20} ${cab.floor} Z`;
    if (oblique) {
      // Far posts, seen through the glass.
      parts.push(
        `<path d="M${cab.x0 + 35 + dx} ${cab.roof + 40 + dy} L${cab.x0 + 20 + dx} ${cab.floor + dy} M${cab.x1 - 25 + dx} ${cab.roof + 40 + dy} L${cab.x1 + dx} ${cab.floor + dy}" stroke="${c.frame}" stroke-width="16"/>`,
      );
    }
    parts.push(
      `<path d="${glass}" fill="url(#glass)"/>`,
      // Seat and steering wheel inside.
      `<path d="M${cab.x0 + 90} ${cab.floor} q-10 -150 40 -170 l50 0 0 170 z" fill="#1c1e20" opacity="0.75"/>`,
      `<path d="M${cab.x1 - 60} ${cab.floor} l-70 -140" stroke="#1c1e20" stroke-width="12" opacity="0.75"/>`,
      `<path d="M${cab.x0 + 120} ${cab.roof + 60} L${cab.x0 + 260} ${cab.roof + 60} L${cab.x0 + 160} ${cab.floor - 60} Z" fill="#fff" opacity="0.14"/>`,
      `<path d="${glass}" fill="none" stroke="${c.frame}" stroke-width="16" stroke-linejoin="round"/>`,
      `<path d="M${(cab.x0 + cab.x1) / 2 + 10} ${cab.roof + 40} L${(cab.x0 + cab.x1) / 2 + 20} ${cab.floor}" stroke="${c.frame}" stroke-width="12"/>`,
    );
    // Roof (and its top face in oblique views), work lights, mirror.
    if (oblique)
      parts.push(
        `<path d="M${cab.x0 - 10} ${cab.roof} L${cab.x1 + 30} ${cab.roof} L${cab.x1 + 30 + dx} ${cab.roof + dy} L${cab.x0 - 10 + dx} ${cab.roof + dy} Z" fill="${c.roof}"/>`,
        `<path d="M${cab.x0 - 10} ${cab.roof} L${cab.x1 + 30} ${cab.roof} L${cab.x1 + 30 + dx} ${cab.roof + dy} L${cab.x0 - 10 + dx} ${cab.roof + dy} Z" fill="#fff" opacity="0.25"/>`,
      );
    parts.push(
      `<path d="M${cab.x0 - 10} ${cab.roof} L${cab.x1 + 30} ${cab.roof} Q${cab.x1 + 42} ${cab.roof} ${cab.x1 + 38} ${cab.roof + 14} L${cab.x1 + 30} ${cab.roof + 44} L${cab.x0 + 5} ${cab.roof + 44} Z" fill="${c.roof}"/>`,
      `<path d="M${cab.x0} ${cab.roof + 44} L${cab.x1 + 30} ${cab.roof + 44}" stroke="#000" stroke-opacity="0.3" stroke-width="5"/>`,
      `<rect x="${cab.x1 - 10}" y="${cab.roof + 14}" width="26" height="16" rx="4" fill="#fff6c8"/>`,
      `<rect x="${cab.x1 - 60}" y="${cab.roof + 14}" width="26" height="16" rx="4" fill="#fff6c8"/>`,
      `<path d="M${cab.x1 - 5} ${cab.roof + 110} L${cab.x1 + 70} ${cab.roof + 95}" stroke="#222" stroke-width="7"/>`,
      `<rect x="${cab.x1 + 62}" y="${cab.roof + 70}" width="22" height="60" rx="6" fill="#222"/>`,
    );
  }

  if (kind !== 'track') {
    parts.push(wheel(g.rear.x, g.rear.r, c.rim), wheel(g.front.x, g.front.r, c.rim));
    // Front fender.
    if (kind === 'row' || kind === 'utility') {
      const r = g.front.r + 16;
      const cy = 1000 - g.front.r;
      const p = (a: number) =>
        `${(g.front.x + Math.cos(a) * r).toFixed(1)} ${(cy + Math.sin(a) * r).toFixed(1)}`;
      parts.push(
        `<path d="M${p(Math.PI * 1.15)} A${r} ${r} 0 0 1 ${p(Math.PI * 1.75)}" stroke="#2a2d30" stroke-width="16" fill="none"/>`,
      );
    }
  }

  if (options.loader) parts.push(loaderSvg(c, g));
  return parts.join('\n');
}

function loaderSvg(c: Palette, g: Geometry): string {
  const h = g.hood;
  const towerX = h.x0 + 60;
  const pivot = [towerX + 30, h.top - 20];
  const bucketX = h.x1 + 230;
  const bucketY = 1000 - 150;
  return `<g>
<path d="M${towerX} ${h.nose + 160} L${towerX + 20} ${h.top + 20}" stroke="${c.bodyDark}" stroke-width="44"/>
<path d="M${pivot[0]} ${pivot[1]} L${h.x0 + 420} ${h.top - 40} Q${bucketX - 40} ${h.top} ${bucketX - 20} ${bucketY - 40}" stroke="${c.body}" stroke-width="38" fill="none" stroke-linecap="round"/>
<path d="M${towerX + 40} ${h.nose + 40} L${bucketX - 90} ${bucketY - 80}" stroke="#9aa0a5" stroke-width="16" stroke-linecap="round"/>
<path d="M${bucketX - 60} ${bucketY - 140} L${bucketX + 40} ${bucketY - 150} Q${bucketX + 110} ${bucketY - 60} ${bucketX + 100} ${bucketY + 130} L${bucketX - 110} ${bucketY + 140} L${bucketX - 90} ${bucketY + 60} Z" fill="${c.body}"/>
<path d="M${bucketX - 110} ${bucketY + 140} L${bucketX + 100} ${bucketY + 130}" stroke="#c9ccce" stroke-width="10"/>
<path d="M${bucketX - 60} ${bucketY - 140} L${bucketX - 90} ${bucketY + 60}" stroke="#000" stroke-opacity="0.25" stroke-width="8"/>
</g>`;
}

function background(angle: Angle, seed: number): string {
  const trees = (y: number, color: string) => {
    let d = `M0 ${y}`;
    for (let x = 0; x <= 1600; x += 40)
      d += ` Q${x + 20} ${y - 30 - ((x * 7 + seed * 13) % 45)} ${x + 40} ${y}`;
    return `<path d="${d} L1600 ${y + 40} L0 ${y + 40} Z" fill="${color}"/>`;
  };
  switch (angle) {
    case 'side':
      return `<rect width="1600" height="1200" fill="url(#studio)"/>
<rect y="930" width="1600" height="270" fill="#d9dcd6"/>
<rect y="930" width="1600" height="4" fill="#c9ccc5"/>`;
    case 'field': {
      const furrows = Array.from({ length: 26 }, (_, i) => {
        const x = -1200 + i * 160;
        return `<path d="M800 640 L${x} 1200" stroke="#6b4f2a" stroke-opacity="0.45" stroke-width="10"/>`;
      }).join('');
      return `<rect width="1600" height="1200" fill="url(#sky)"/>
<circle cx="${1250 - (seed % 5) * 120}" cy="190" r="70" fill="#fff7d6" opacity="0.9"/>
<path d="M0 560 Q400 500 800 560 T1600 540 L1600 660 L0 660 Z" fill="#7fa35a"/>
${trees(640, '#3f5f2c')}
<rect y="660" width="1600" height="540" fill="#8a6a3d"/>
${furrows}`;
    }
    case 'yard':
      return `<rect width="1600" height="1200" fill="url(#sky)"/>
<path d="M60 640 L60 330 L330 210 L600 330 L600 640 Z" fill="#8e2a22"/>
<path d="M40 340 L330 200 L620 340" stroke="#e9e4da" stroke-width="18" fill="none"/>
<rect x="230" y="420" width="200" height="220" fill="#6d1f19"/>
<path d="M230 420 L430 640 M430 420 L230 640" stroke="#e9e4da" stroke-width="10"/>
<rect x="230" y="420" width="200" height="220" fill="none" stroke="#e9e4da" stroke-width="10"/>
<rect x="900" y="380" width="520" height="260" fill="#b9bdb8"/>
<path d="M880 390 L1160 300 L1440 390 Z" fill="#9aa09a"/>
${Array.from({ length: 12 }, (_, i) => `<line x1="${910 + i * 44}" y1="392" x2="${910 + i * 44}" y2="640" stroke="#a3a8a3" stroke-width="4"/>`).join('')}
<rect y="640" width="1600" height="560" fill="#a9a49a"/>
<rect y="640" width="1600" height="560" fill="url(#gravel)"/>`;
    case 'sunset':
      return `<rect width="1600" height="1200" fill="url(#dusk)"/>
<circle cx="${300 + (seed % 4) * 100}" cy="560" r="110" fill="#ffd27a" opacity="0.85"/>
${trees(640, '#2f3b22')}
<rect y="660" width="1600" height="540" fill="#c9a25a"/>
${Array.from({ length: 14 }, (_, i) => `<rect y="${680 + i * i * 3.2}" width="1600" height="${3 + i}" fill="#a9803e" opacity="0.5"/>`).join('')}`;
  }
}

const DEFS = `<defs>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe3ee" stop-opacity="0.85"/><stop offset="1" stop-color="#5d7f93" stop-opacity="0.75"/></linearGradient>
<radialGradient id="studio" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dfe3dc"/></radialGradient>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b9bd5"/><stop offset="1" stop-color="#dcebf5"/></linearGradient>
<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d4f7c"/><stop offset="0.55" stop-color="#f2a65a"/><stop offset="1" stop-color="#ffd9a0"/></linearGradient>
<pattern id="gravel" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="5" cy="7" r="2.5" fill="#8f8a80"/><circle cx="17" cy="15" r="2" fill="#bdb8ad"/><circle cx="11" cy="21" r="1.5" fill="#7e796f"/></pattern>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;

/** A whole picture: background, shadow and the tractor placed for the angle. */
export function sceneSvg(
  palette: Palette,
  kind: TractorKind,
  angle: Angle,
  options: { loader?: boolean; seed?: number } = {},
): string {
  const seed = options.seed ?? 0;
  const loader = options.loader ?? false;
  // Fit the tractor (about 1500 wide in its space, more with a loader) into the frame.
  const placement: Record<
    Angle,
    { depth: [number, number]; scale: number; x: number; y: number; mirror: boolean }
  > = {
    side: {
      depth: [0, 0],
      scale: loader ? 0.8 : 0.9,
      x: loader ? 60 : 110,
      y: loader ? 170 : 80,
      mirror: false,
    },
    field: { depth: [0, 0], scale: loader ? 0.72 : 0.82, x: 150, y: 160, mirror: true },
    yard: { depth: [120, -55], scale: loader ? 0.7 : 0.8, x: 120, y: 170, mirror: false },
    sunset: { depth: [110, -50], scale: loader ? 0.7 : 0.8, x: 160, y: 160, mirror: true },
  };
  const p = placement[angle];
  const width = (loader ? 1800 : 1550) * p.scale;
  const tx = p.mirror ? p.x + width : p.x;
  const groundY = p.y + 1000 * p.scale;
  const transform = `translate(${tx} ${p.y}) scale(${p.mirror ? -p.scale : p.scale} ${p.scale})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 1600 1200">
${DEFS}
${background(angle, seed)}
<ellipse cx="${p.x + width / 2}" cy="${groundY}" rx="${width * 0.55}" ry="${60 * p.scale}" fill="url(#shadow)"/>
<g transform="${transform}">
${tractorSvg(palette, kind, { loader, depth: p.depth })}
</g>
</svg>`;
}
