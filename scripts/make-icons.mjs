// Draws the app icons (PNG, 192 and 512, plain and maskable) and the SVG favicon into public/icons/.
// Run once after changing the design: node scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const BG = [31, 93, 76];
const FG = [251, 250, 247];
const LINE = [31, 93, 76];

function crc32(buf) {
  let c, crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x / size, y / size), y * (size * 3 + 1) + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
/** A page with three text lines, scaled into a box of relative size `s` centred in the icon. */
function design(s) {
  const lo = 0.5 - s / 2;
  return (u, v) => {
    const x = (u - lo) / s, y = (v - lo) / s;
    const page = x > 0.2 && x < 0.8 && y > 0.12 && y < 0.88 && !(x > 0.62 && y < 0.3 && x - 0.62 > y - 0.12);
    if (!page) return BG;
    const line = (y > 0.42 && y < 0.48) || (y > 0.56 && y < 0.62) || (y > 0.7 && y < 0.76 && x < 0.6);
    return line && x > 0.3 && x < 0.7 ? LINE : FG;
  };
}
mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, png(size, design(0.8)));
  writeFileSync(`public/icons/maskable-${size}.png`, png(size, design(0.6)));
}
writeFileSync(
  'public/icons/icon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1f5d4c"/><path d="M18 10h20l8 8v36H18z" fill="#fbfaf7"/><path d="M24 30h16v3H24zm0 7h16v3H24zm0 7h10v3H24z" fill="#1f5d4c"/></svg>`,
);
console.log('icons written');
