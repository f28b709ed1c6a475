// [K11] A RisuAI card: its expression pictures kept with their names (for the importing device), its
// other assets, scripts and HTML named under "Left out" with how many, its additional text read after the description; PNGs made here with the
// project's own chunk writer (never a third-party card).
import { describe, expect, it } from 'vitest';
import { onePixelPng, withPngTexts } from '../../src/driver/import/card/png-text.ts';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { characterToV3 } from '../../src/driver/import/card/card-write.ts';
import { b64 } from '../support/card-files.ts';

const picture = Buffer.from(onePixelPng()).toString('base64');

function risuPng(chunks: { keyword: string; text: string }[]): Uint8Array {
  const made = withPngTexts(onePixelPng(), chunks, []);
  if (!made.ok) throw new Error(made.reason);
  return made.bytes;
}

function read(bytes: Uint8Array) {
  const result = readCardFile(bytes, 'risu.png');
  if (!result.ok) throw new Error(result.reason);
  return result;
}

const v3 = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: 'Yuna',
    description: 'A shrine maiden.',
    first_mes: 'Hello.',
    assets: [
      { type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' },
      ...['joy', 'anger', 'sad', 'map'].map((name, i) => ({
        type: name === 'map' ? 'x-risu-asset' : 'emotion',
        uri: `__asset:${i + 1}`,
        name,
        ext: 'png',
      })),
    ],
    extensions: {
      risuai: {
        customScripts: [
          { in: 'a', out: 'b' },
          { in: 'c', out: 'd' },
        ],
        triggerscript: [{ comment: 't' }],
        backgroundHTML: '<div class="bg"></div>',
        additionalText: 'She keeps {{user}} at a distance.',
      },
    },
  },
};

describe('[K11] RisuAI cards', () => {
  it('[K11] keeps expression pictures by name, names assets and scripts under Left out, reads the additional text', () => {
    const bytes = risuPng([
      { keyword: 'ccv3', text: b64(v3) },
      ...[1, 2, 3, 4].map((n) => ({ keyword: `chara-ext-asset_:${n}`, text: picture })),
      { keyword: 'risuai', text: 'e30=' },
    ]);
    const { character, report } = read(bytes);
    expect(character.avatar?.mime).toBe('image/png');
    expect(character.assets.filter((a) => a.bytes).map((a) => a.name)).toEqual([
      'joy',
      'anger',
      'sad',
      'map',
    ]);
    expect(character.expressions?.map(({ name, mime }) => [name, mime])).toEqual([
      ['joy', 'image/png'],
      ['anger', 'image/png'],
      ['sad', 'image/png'],
    ]);
    expect(report.converted).toContain(
      'expression pictures (3) → kept on this device, shown with the character',
    );
    expect(report.dropped.filter((d) => d.startsWith('expression'))).toEqual([]);
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        'RisuAI’s additional assets (1): no place for them',
        'RisuAI regex scripts (2): Rashomon runs no scripts on the text',
        'RisuAI trigger scripts (1): Rashomon runs no scripts',
        'RisuAI’s background HTML: Rashomon shows no card HTML',
        'the PNG chunk “risuai”: not a card field Rashomon reads',
      ]),
    );
    expect(character.card.description).toBe('A shrine maiden.\n\nShe keeps ${user} at a distance.');
    expect(report.converted).toContain('RisuAI’s additional text → after the description');
    // Unchanged, the export writes the description as it came: RisuAI would add the text again.
    const out = characterToV3(character) as { data: { description: string } };
    expect(out.data.description).toBe('A shrine maiden.');
  });

  it('[K11] a V2 RisuAI card: emotions and additional assets in extensions.risuai, chunks named without a colon, a missing one told', () => {
    const v2 = {
      spec: 'chara_card_v2',
      data: {
        name: 'Old Yuna',
        description: 'Older export.',
        extensions: {
          risuai: {
            emotions: [
              ['joy', '__asset:1'],
              ['fear', '__asset:2'],
              ['cry', '__asset:5'],
            ],
            additionalAssets: [['map', '__asset:3', 'png']],
            vits: { voice: '__asset:4' },
          },
        },
      },
    };
    const bytes = risuPng([
      { keyword: 'chara', text: b64(v2) },
      { keyword: 'chara-ext-asset_1', text: picture },
      { keyword: 'chara-ext-asset_2', text: Buffer.from('not an image').toString('base64') },
      { keyword: 'chara-ext-asset_3', text: picture },
      { keyword: 'chara-ext-asset_9', text: picture },
    ]);
    const { character, report } = read(bytes);
    // Kept: joy; fear's bytes are no image, cry's chunk is not in the file.
    expect(character.expressions?.map((e) => e.name)).toEqual(['joy']);
    expect(report.converted).toContain(
      'expression pictures (1) → kept on this device, shown with the character',
    );
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        'expression pictures (2): not in the file, not images, or over what is kept',
        'RisuAI’s additional assets (1): no place for them',
        'RisuAI voice files (1): Rashomon does not speak',
        'PNG asset chunks no field names (1)',
      ]),
    );
    expect(report.warnings).toContain('assets named but not in the file: __asset:5, __asset:4');
  });

  it('[K11] the notes are in the person’s language', () => {
    const bytes = risuPng([
      { keyword: 'ccv3', text: b64(v3) },
      ...[1, 2, 3, 4].map((n) => ({ keyword: `chara-ext-asset_:${n}`, text: picture })),
    ]);
    const result = readCardFile(bytes, 'risu.png', 'zh');
    if (!result.ok) throw new Error(result.reason);
    expect(result.report.converted.join('\n')).toContain('表情图（3 张）→ 保存在这台设备上');
  });
});
