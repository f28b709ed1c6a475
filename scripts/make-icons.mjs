// Draws the app icons (public/icon-*.png) with node built-ins only, so they can be regenerated
// without an image tool: `node scripts/make-icons.mjs`. The motif is three overlapping circles,
// one per point of view, on the theme colour.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

/** The theme colour (also in the manifest and index.html) and the three perspective colours. */
const BACKGROUND = [0x1f, 0x24, 0x30];
const VIEWS = [
  [0xe8, 0x6a, 0x5c],
  [0xf2, 0xc1, 0x4e],
  [0x5c, 0xb8, 0xe8],
];
/** Opacity of each view circle: overlaps blend, as perspectives do. */
const VIEW_ALPHA = 0.78;
/** Supersampling per axis for anti-aliased edges. */
const SAMPLES = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGBA pixels (Uint8Array, width*height*4) as a PNG file. */
function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Colour of one sample point in unit coordinates (0..1), or null outside the icon shape.
 * `maskable` fills the whole square and keeps the motif inside the 80% safe zone.
 */
function sample(x, y, maskable) {
  if (!maskable && !insideRoundedSquare(x, y, 0.2)) return null;
  const scale = maskable ? 0.85 : 1;
  const radius = 0.2 * scale;
  const ring = 0.13 * scale;
  let colour = BACKGROUND;
  VIEWS.forEach((view, i) => {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / VIEWS.length;
    const cx = 0.5 + ring * Math.cos(angle);
    const cy = 0.5 + ring * Math.sin(angle);
    if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) {
      colour = colour.map((c, k) => c + (view[k] - c) * VIEW_ALPHA);
    }
  });
  return colour;
}

function insideRoundedSquare(x, y, cornerRadius) {
  const dx = Math.max(cornerRadius - x, 0, x - (1 - cornerRadius));
  const dy = Math.max(cornerRadius - y, 0, y - (1 - cornerRadius));
  return dx * dx + dy * dy <= cornerRadius * cornerRadius;
}

function drawIcon(size, maskable) {
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = sample(
            (px + (sx + 0.5) / SAMPLES) / size,
            (py + (sy + 0.5) / SAMPLES) / size,
            maskable,
          );
          if (!colour) continue;
          covered++;
          colour.forEach((c, k) => (sum[k] += c));
        }
      }
      const at = (py * size + px) * 4;
      if (covered > 0) sum.forEach((c, k) => (rgba[at + k] = Math.round(c / covered)));
      rgba[at + 3] = Math.round((covered / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return encodePng(size, size, rgba);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(PUBLIC_DIR, { recursive: true });
for (const icon of ICONS) {
  writeFileSync(PUBLIC_DIR + icon.file, drawIcon(icon.size, icon.maskable));
  console.log(`wrote public/${icon.file}`);
}
