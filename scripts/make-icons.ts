/**
 * Draws the app's icons once: `npx tsx scripts/make-icons.ts` writes them into
 * packages/web/public/icons/, where they are kept as source files (the build copies them as
 * they are). The mark is a market stall that reads as a "T": a scalloped awning over one post,
 * white on the brand's orange (packages/web/src/index.css, --color-marca-600).
 *
 * - icon-192.png, icon-512.png: rounded square, for the manifest's `any` purpose;
 * - icon-maskable-512.png: full bleed, the mark inside the central 60% (the maskable safe
 *   zone is a circle of 80%), for launchers that cut their own shape;
 * - apple-touch-icon-180.png: full bleed and opaque (iOS rounds the corners itself);
 * - favicon.svg and favicon-32.png: the tab's icon; badge-96.png: the monochrome silhouette
 *   Android shows in the status bar beside a notification.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const MARCA = '#c2410c';
const outDir = path.resolve(import.meta.dirname, '../packages/web/public/icons');

/** The mark on a 512 × 512 canvas (drawn 16 lower than centred: see `svg`). */
const MARK = [
  // The awning's roof, then its scalloped edge: four half circles along y = 224.
  '<path d="M96 212 L152 132 H360 L416 212 Z"/>',
  '<rect x="96" y="211" width="320" height="17"/>',
  '<path d="M96 224 A40 40 0 0 0 176 224 A40 40 0 0 0 256 224 A40 40 0 0 0 336 224 A40 40 0 0 0 416 224 Z"/>',
  // The post: the "T"'s stem.
  '<rect x="226" y="220" width="60" height="192" rx="14"/>',
].join('');

function svg(options: { rounded: boolean; scale: number; color?: string; background?: boolean }) {
  const { rounded, scale, color = '#ffffff', background = true } = options;
  const offset = (512 - 512 * scale) / 2;
  const back = background
    ? `<rect width="512" height="512" ${rounded ? 'rx="112"' : ''} fill="${MARCA}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${back}<g fill="${color}" transform="translate(${offset} ${offset}) scale(${scale})"><g transform="translate(0 -16)">${MARK}</g></g></svg>`;
}

async function png(file: string, source: string, size: number, flatten = false): Promise<void> {
  let image = sharp(Buffer.from(source), { density: 72 * (size / 512) * 4 }).resize(size, size);
  if (flatten) image = image.flatten({ background: MARCA });
  await image.png({ compressionLevel: 9 }).toFile(path.join(outDir, file));
  console.log(`icons/${file}: ${size}×${size}`);
}

fs.mkdirSync(outDir, { recursive: true });
const rounded = svg({ rounded: true, scale: 1 });
await png('icon-192.png', rounded, 192);
await png('icon-512.png', rounded, 512);
await png('icon-maskable-512.png', svg({ rounded: false, scale: 0.72 }), 512);
await png('apple-touch-icon-180.png', svg({ rounded: false, scale: 0.8 }), 180, true);
await png('favicon-32.png', rounded, 32);
await png('badge-96.png', svg({ rounded: false, scale: 1.1, background: false }), 96);
fs.writeFileSync(path.join(outDir, 'favicon.svg'), `${rounded}\n`);
console.log('icons/favicon.svg');
