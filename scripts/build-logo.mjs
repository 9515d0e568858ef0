// Renders the committed logo SVGs in web/public to PNGs beside them (run after editing an SVG):
//   node scripts/build-logo.mjs
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '../web/public');
// 960 px wide: sharp enough for print and slides; density scales the SVG before rasterising.
const files = [
  { svg: 'fieldlot-logo.svg', png: 'fieldlot-logo.png' },
  { svg: 'fieldlot-logo-dark.svg', png: 'fieldlot-logo-dark.png' },
  { svg: 'favicon.svg', png: 'fieldlot-mark.png', width: 512 },
];

for (const f of files) {
  // Transparent background; the dark version has white lettering for dark grounds.
  const info = await sharp(path.join(dir, f.svg), { density: 288 })
    .resize({ width: f.width ?? 960 })
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, f.png));
  console.log(`${f.png}: ${info.width}x${info.height}, ${info.size} bytes`);
}
