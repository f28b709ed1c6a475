// An animated PNG (APNG) card: the same chunk format as a PNG, with acTL, fcTL and fdAT chunks around
// the frames; its card chunk is found among them, and its avatar is the file itself.
import { describe, expect, it } from 'vitest';
import { b64, chunk, png, tEXt } from '../support/card-files.ts';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';

const u32 = (...n: number[]) => {
  const out = new Uint8Array(n.length * 4);
  const view = new DataView(out.buffer);
  n.forEach((v, i) => view.setUint32(i * 4, v));
  return out;
};

describe('an APNG card', () => {
  it('[K1][K2] reads the chara chunk between the animation chunks, and keeps the APNG as the avatar', () => {
    const actl = chunk('acTL', u32(2, 0));
    const fctl = chunk('fcTL', new Uint8Array(26));
    const fdat = chunk('fdAT', u32(1));
    const card = { spec: 'chara_card_v2', data: { name: 'Flicker', first_mes: 'Blink.' } };
    const bytes = png([actl, fctl, tEXt('chara', b64(card))], [fdat]);
    const read = readCardFile(bytes, 'flicker.apng');
    if (!read.ok) throw new Error(read.reason);
    expect(read.character.name).toBe('Flicker');
    expect(read.report).toMatchObject({ kind: 'character', spec: 'v2', greetings: 1 });
    expect(read.character.avatar?.mime).toBe('image/png');
  });
});
