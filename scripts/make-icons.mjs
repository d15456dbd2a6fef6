// Renders the app icons from the one design, public/icons/icon.svg, with sharp: icon-192/512.png (purpose "any")
// and maskable-192/512.png, the same icon at 80% on a full-bleed square of the theme colour, so that all of it lies
// inside the maskable safe zone (the centred circle of 80% diameter) whatever shape the launcher cuts.
// Run after changing the design: npm run icons
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const dir = 'public/icons';
const svg = readFileSync(`${dir}/icon.svg`);
const { theme_color: background } = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8'));
const { width: designWidth } = await sharp(svg).metadata();

/** The SVG rasterised at `size` pixels square (at the density that makes it that size: no scaling blur). */
const render = (size) =>
  sharp(svg, { density: (72 * size) / designWidth })
    .resize(size, size)
    .png();

/** Fraction of a maskable icon the design may fill: its corners stay inside the safe-zone circle. */
const SAFE = 0.8;

for (const size of [192, 512]) {
  await render(size).toFile(`${dir}/icon-${size}.png`);
  const inner = Math.round(size * SAFE);
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await render(inner).toBuffer(), gravity: 'centre' }])
    .png()
    .toFile(`${dir}/maskable-${size}.png`);
}
console.log(`icons written to ${dir}/ from icon.svg`);
