// One entry point for card files, known by content: CHARX zips with embeded:// assets, WebP
// metadata, and a one-line reason for everything that is not a card.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { b64, exifWithUserComment, jsonBytes, latin1, png, tEXt, webp } from '../support/card-files.ts';

const enc = new TextEncoder();
const v3 = (data: Record<string, unknown>) => ({ spec: 'chara_card_v3', spec_version: '3.0', data });

function read(bytes: Uint8Array, fileName = 'card.bin') {
  const result = readCardFile(bytes, fileName);
  if (!result.ok) throw new Error(result.reason);
  return result;
}
const reason = (bytes: Uint8Array, fileName = 'card.png') => {
  const result = readCardFile(bytes, fileName);
  return result.ok ? 'read' : result.reason;
};

describe('[K7] CHARX', () => {
  const icon = png([tEXt('Software', 'icon')]);
  const smile = Uint8Array.of(9, 8, 7);
  const card = v3({
    name: 'Zipped',
    first_mes: 'Hi {{user}}',
    alternate_greetings: ['Yo'],
    assets: [
      { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
      { type: 'emotion', uri: 'embedded://assets/emotion/smile.webp', name: 'smile', ext: 'webp' },
      { type: 'background', uri: 'https://example.invalid/bg.png', name: 'bg', ext: 'png' },
      { type: 'emotion', uri: 'embeded://assets/missing.png', name: 'gone', ext: 'png' },
    ],
  });
  const zip = zipSync({
    'card.json': jsonBytes(card),
    'assets/icon/images/main.png': icon,
    'assets/emotion/smile.webp': smile,
  });

  it('reads card.json, gives embeded:// assets their bytes and makes the main icon the avatar', () => {
    const { character, report } = read(zip, 'zipped.charx');
    expect(character.name).toBe('Zipped');
    expect(character.card.firstMessage).toBe('Hi ${user}');
    expect(character.avatar).toEqual({ mime: 'image/png', bytes: icon });
    expect(character.assets.map((a) => [a.name, a.bytes])).toEqual([
      ['main', icon],
      ['smile', smile],
      ['bg', undefined],
      ['gone', undefined],
    ]);
    expect(report).toMatchObject({ kind: 'character', name: 'Zipped', spec: 'v3', assets: 4, greetings: 2 });
    expect(report.warnings).toContain('asset "gone" (embeded://assets/missing.png): not in the CHARX');
  });

  it('is known by content, whatever the file is called', () => {
    expect(read(zip, 'card.png').character.name).toBe('Zipped');
  });

  it('refuses a zip without card.json, and a card.json that is not a card', () => {
    expect(reason(zipSync({ 'readme.txt': enc.encode('hi') }))).toBe(
      'a zip file, but not a CHARX: it holds no card.json',
    );
    expect(reason(zipSync({ 'card.json': enc.encode('{"title":"x"}') }))).toBe(
      "This CHARX's card.json is a JSON file, but not a character card: it has none of name, char_name, data.name",
    );
  });
});

describe('[K8] WebP', () => {
  it('reads a card from an XMP chara/ccv3 property, ccv3 first', () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description st:chara="${b64({ name: 'Two' })}"><st:ccv3>${b64(v3({ name: 'Three' }))}</st:ccv3></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const bytes = webp([{ type: 'XMP ', data: enc.encode(xmp) }]);
    const { character, report } = read(bytes, 'x.webp');
    expect(character.name).toBe('Three');
    expect(report.spec).toBe('v3');
    expect(character.avatar).toEqual({ mime: 'image/webp', bytes });
  });

  it('reads a card from the EXIF UserComment', () => {
    const bytes = webp([{ type: 'EXIF', data: exifWithUserComment(b64({ name: 'Exif' })) }]);
    expect(read(bytes).character.name).toBe('Exif');
  });

  it('refuses a WebP without a card', () => {
    expect(reason(webp([]))).toBe('This WebP holds no character card (no chara or ccv3 in its XMP or EXIF)');
    expect(reason(webp([{ type: 'EXIF', data: exifWithUserComment('Taken with a phone') }]))).toBe(
      'This WebP holds no character card (no chara or ccv3 in its XMP or EXIF)',
    );
    const xmp = enc.encode('<x:xmpmeta><rdf:Description st:ccv3="%%%"/></x:xmpmeta>');
    expect(reason(webp([{ type: 'XMP ', data: xmp }]))).toBe(
      'This WebP holds no readable character card: the XMP ccv3 property is neither base64 nor JSON',
    );
  });
});

describe('[K1] refusals, one line each', () => {
  it.each([
    [
      'a PNG without a card',
      png([tEXt('Software', 'paint')]),
      'This PNG holds no character card (no ccv3 or chara chunk)',
    ],
    [
      'a PNG whose chunk is not base64',
      png([tEXt('chara', '%%%')]),
      "This PNG's card cannot be read: its chara chunk is neither base64 nor JSON",
    ],
    [
      'a PNG whose chunk is base64 of something else',
      png([tEXt('chara', Buffer.from('hello').toString('base64'))]),
      "This PNG's card cannot be read: its chara chunk holds base64, but not JSON: Unexpected token 'h', \"hello\" is not valid JSON",
    ],
    ['garbage bytes', Uint8Array.of(0, 1, 2, 3, 250, 251), null],
    ['JSON with a syntax error', enc.encode('{"name": "A",'), null],
    [
      'JSON that is not a card',
      jsonBytes({ title: 'A preset', temperature: 1 }),
      'a JSON file, but not a character card: it has none of name, char_name, data.name',
    ],
    ['a JSON list', jsonBytes([{ name: 'A' }]), 'a JSON file, but not a character card: it is a list'],
    [
      'a JPEG',
      Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10),
      'a JPEG image: cards are PNG, WebP, CHARX or JSON',
    ],
    ['an empty file', new Uint8Array(), 'an empty file'],
  ])('%s', (_, bytes, expected) => {
    const got = reason(bytes);
    expect(got).not.toContain('\n');
    if (expected !== null) expect(got).toBe(expected);
    else expect(got).toMatch(/^not JSON: .+/);
  });

  it('garbage says it is none of the formats; broken JSON says only what JSON.parse said', () => {
    expect(reason(latin1('GIF89a'))).toMatch(/^not JSON: .*; nor is it a PNG, WebP or CHARX file$/);
    const control = reason(Uint8Array.of(0x7b, 0x0a, 0x01, 0x0d, 0x7d));
    expect(control.startsWith('not JSON: ')).toBe(true);
    expect([...control].filter((c) => c.charCodeAt(0) < 0x20)).toEqual([]);
    expect(reason(enc.encode('  {"name": "A",'))).not.toContain('nor is it');
  });

  it('reads JSON with a byte-order mark', () => {
    expect(read(enc.encode(`\uFEFF${JSON.stringify({ name: 'Bom' })}`)).character.name).toBe('Bom');
  });
});
