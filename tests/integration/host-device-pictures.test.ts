// [K11][K15] Pictures kept on the device that imported the card, never in the synced library: a RisuAI
// card's expression pictures shown from this device's store, and a big card's original carried by the
// export here; the same library reopened without those pictures (another device) says where they are
// and exports the library's picture.
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startOpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import { b64, png, tEXt } from '../support/card-files.ts';
import { v3Card } from '../support/card-fixture.ts';
import { onePixelPng, withPngTexts } from '../../src/driver/import/card/png-text.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import { createMemoryPictureStore, type PictureStore } from '../../src/workers/store/picture-store.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A host on the device `prefix` (its documents); each host has a picture store of its own. */
async function deviceHost(prefix: string, pictures?: PictureStore): Promise<HostHarness> {
  const server = await startOpenAIServer({ answer: () => 'I nod.' });
  const host = await startHost(server, createStoryStore({ prefix }), undefined, pictures);
  cleanups.push(() => server.close());
  return host;
}

const picture = Buffer.from(onePixelPng()).toString('base64');

function risuCard(): Uint8Array {
  const base = v3Card();
  const expressions = ['joy', 'anger'].map((name, i) => ({ type: 'emotion', uri: `__asset:${i + 1}`, name }));
  const card = { ...base, data: { ...base.data, name: 'Yuna', assets: expressions } };
  const made = withPngTexts(
    onePixelPng(),
    [
      { keyword: 'ccv3', text: b64(card) },
      { keyword: 'chara-ext-asset_:1', text: picture },
      { keyword: 'chara-ext-asset_:2', text: picture },
    ],
    [],
  );
  if (!made.ok) throw new Error(made.reason);
  return made.bytes;
}

describe('[K11][K15] pictures on the device that imported the card', () => {
  it('[K11] a RisuAI card’s expression pictures are kept here, named from the library, not in it', async () => {
    const device = `pictures-${randomUUID()}`;
    const host = await deviceHost(device);
    const file = { name: 'yuna.png', bytes: risuCard() };
    const reviewed = await host.api.reviewImport(file);
    expect(reviewed.ok && reviewed.report.converted).toContain(
      'expression pictures (2) → kept on this device, shown with the character',
    );
    expect(reviewed.ok && reviewed.report.dropped.filter((d) => d.startsWith('expression'))).toEqual([]);
    const imported = await host.api.importFile(file);
    if (!imported.ok) throw new Error(imported.detail);
    const yuna = (await host.api.libraryCast()).characters.find((c) => c.id === imported.id);
    expect(yuna?.expressions?.map((e) => e.name)).toEqual(['joy', 'anger']);
    // The library names them by hash: no picture bytes in the synced document.
    expect(JSON.stringify(yuna?.expressions)).not.toContain(picture.slice(0, 40));
    const shown = await host.api.characterExpressions(imported.id);
    if (!shown.ok) throw new Error(shown.detail);
    expect(shown.expressions.map((e) => e.name)).toEqual(['joy', 'anger']);
    expect(shown.expressions.every((e) => e.src?.startsWith('data:image/png;base64,'))).toBe(true);
    await host.close();

    // The same library on a device without its pictures.
    const elsewhere = await deviceHost(device);
    cleanups.push(() => elsewhere.close());
    const there = await elsewhere.api.characterExpressions(imported.id);
    expect(there.ok && there.expressions).toEqual([
      { name: 'joy', src: null },
      { name: 'anger', src: null },
    ]);
  });

  it('[K15] a device without the original exports what the library has and says so', async () => {
    const device = `pictures-${randomUUID()}`;
    const host = await deviceHost(device);
    const big = png([tEXt('chara', b64(v3Card())), tEXt('Comment', 'x'.repeat(1_300_000))]);
    const imported = await host.api.importFile({ name: 'big.png', bytes: big });
    if (!imported.ok) throw new Error(imported.detail);
    const here = await host.api.exportCharacter(imported.id, 'png');
    expect(here.ok && here.picture).toBe('original');
    await host.close();

    const elsewhere = await deviceHost(device);
    cleanups.push(() => elsewhere.close());
    const there = await elsewhere.api.exportCharacter(imported.id, 'png');
    if (!there.ok) throw new Error(there.detail);
    // Node draws no smaller picture, so the library holds none: the card carries a 1×1 image.
    expect(there.picture).toBe('none');
    expect(there.file.bytes.length).toBeLessThan(100_000);
  });

  it('[K15][K14] deleting the character lets its pictures go; replaced by a card naming the same, they stay', async () => {
    const pictures = createMemoryPictureStore();
    const host = await deviceHost(`pictures-${randomUUID()}`, pictures);
    cleanups.push(() => host.close());
    const file = { name: 'yuna.png', bytes: risuCard() };
    const first = await host.api.importFile(file);
    if (!first.ok) throw new Error(first.detail);
    const hashes = async () =>
      (await host.api.libraryCast()).characters.flatMap((c) => (c.expressions ?? []).map((e) => e.hash));
    const [hash] = await hashes();
    if (!hash) throw new Error('no expression kept');
    // Replaced by the same card: the new entry names the same pictures, so they stay.
    const again = await host.api.importFile(file, { twin: 'replace' });
    expect(again.ok && again.id).toBe(first.id);
    expect(await pictures.get(hash)).toBeDefined();
    expect(await host.api.deleteLibraryCharacter(first.id)).toEqual({ ok: true });
    expect(await hashes()).toEqual([]);
    expect(await pictures.get(hash)).toBeUndefined();
  });
});
