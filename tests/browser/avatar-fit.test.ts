// [K15] A card picture too large for the library is made smaller in the browser as the import reads
// it: a picture drawn here (a large canvas of noise, as a photograph compresses badly) comes in
// downscaled within the library's limit, as a PNG, and the review says how.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { withPngTexts } from '../../src/driver/import/card/png-text.ts';
import { avatarUrl } from '../../src/driver/import/card/library-card.ts';
import { planCharacter } from '../../src/workers/host/import-library-entry.ts';

async function noisePng(width: number, height: number): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const pixels = context.createImageData(width, height);
  let seed = 12345;
  for (let i = 0; i < pixels.data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels.data[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  context.putImageData(pixels, 0, 0);
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

const b64 = (value: unknown): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));

describe('[K15] card pictures over the library’s limit', () => {
  it('[K15] are downscaled on import to a PNG within the limit, and the review says so', async () => {
    const picture = await noisePng(1600, 1200);
    expect(picture.length).toBeGreaterThan(1_200_000);
    const made = withPngTexts(picture, [
      { keyword: 'chara', text: b64({ name: 'Noise', description: 'Static.' }) },
    ]);
    if (!made.ok) throw new Error(made.reason);
    const read = readCardFile(made.bytes, 'noise.png');
    if (!read.ok) throw new Error(read.reason);
    expect(avatarUrl(read.character.avatar)).toBeNull();

    const plan = await planCharacter(new Y.Doc(), read, {});
    const avatar = plan.character.avatar;
    expect(avatar?.mime).toBe('image/png');
    expect(avatarUrl(avatar)).not.toBeNull();
    const bitmap = await createImageBitmap(new Blob([avatar?.bytes as Uint8Array<ArrayBuffer>]));
    expect(Math.max(bitmap.width, bitmap.height)).toBeLessThanOrEqual(1024);
    expect(bitmap.width / bitmap.height).toBeCloseTo(4 / 3, 1);
    expect(plan.report.converted.some((n) => n.startsWith('the picture: 1600×1200'))).toBe(true);
    expect(plan.report.dropped).not.toContain('the avatar: too large for the library');
  });
});
