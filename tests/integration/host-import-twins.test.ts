// [K13] A card or a book imported again: the review names the twin (same, or only the same name), and
// the import replaces it, keeps both (the new one named apart) or — unasked — never overwrites.
// [K11] A card's variable-system rule entries are left out by default (disabled, not deleted), kept on
// when the person says so. [K14] A picture the library cannot hold is said in the review itself.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import { b64, png, tEXt } from '../support/card-files.ts';
import { v3Card } from '../support/card-fixture.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<HostHarness> {
  const server = await startOpenAIServer({ answer: () => 'I nod.' });
  const host = await startHost(server);
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  return host;
}

const enc = new TextEncoder();
const json = (name: string, value: unknown) => ({ name, bytes: enc.encode(JSON.stringify(value)) });
const card = (description = 'Mira tends the night market lanterns.') => {
  const c = v3Card();
  return { name: 'mira.png', bytes: png([tEXt('chara', b64({ ...c, data: { ...c.data, description } }))]) };
};
const book = (content: string) => ({
  entries: { 0: { uid: 0, key: ['salt'], content, comment: 'Salt' } },
});

describe('[K13] importing the same card or book again', () => {
  it('[K13] the review names the twin; keep both names the new one apart, replace keeps one', async () => {
    const host = await setup();
    const first = await host.api.importFile(card());
    if (!first.ok) throw new Error(first.detail);
    expect(first.report.twin).toBeUndefined();

    const again = await host.api.reviewImport(card());
    expect(again.ok && again.report.twin).toEqual({ name: 'Mira', same: true });
    const changed = await host.api.reviewImport(card('Mira, older now.'));
    expect(changed.ok && changed.report.twin).toEqual({ name: 'Mira', same: false });

    const both = await host.api.importFile(card(), { twin: 'keep-both' });
    if (!both.ok) throw new Error(both.detail);
    let names = (await host.api.libraryCast()).characters.map((c) => c.name);
    expect(names).toEqual(['Mira', 'Mira (2)']);
    const books = (await host.api.listLorebooks()).map((b) => b.name);
    expect(books).toEqual(['Mira book', 'Mira book (2)']);

    const replaced = await host.api.importFile(card('Mira, older now.'), { twin: 'replace' });
    if (!replaced.ok) throw new Error(replaced.detail);
    expect(replaced.id).toBe(first.id);
    const cast = (await host.api.libraryCast()).characters;
    expect(cast.map((c) => c.name)).toEqual(['Mira', 'Mira (2)']);
    expect(cast.find((c) => c.id === first.id)?.card.description).toBe('Mira, older now.');
    expect((await host.api.listLorebooks()).length).toBe(2);

    // Not asked (a caller that did not show the question): nothing is overwritten.
    await host.api.importFile(card());
    names = (await host.api.libraryCast()).characters.map((c) => c.name);
    expect(names).toEqual(['Mira', 'Mira (2)', 'Mira (3)']);
  });

  it('[K13] a lorebook imported again: replaced in place, or kept both named apart', async () => {
    const host = await setup();
    const first = await host.api.importFile(json('Eldoria.json', book('Salt wards off spirits.')));
    if (!first.ok) throw new Error(first.detail);
    const again = await host.api.reviewImport(json('Eldoria.json', book('Salt wards off spirits.')));
    expect(again.ok && again.report.twin).toEqual({ name: 'Eldoria', same: true });
    await host.api.importFile(json('Eldoria.json', book('Salt wards off spirits.')), { twin: 'keep-both' });
    await host.api.importFile(json('Eldoria.json', book('Salt is money.')), { twin: 'replace' });
    const books = await host.api.listLorebooks();
    expect(books.map((b) => b.name)).toEqual(['Eldoria', 'Eldoria (2)']);
    expect(books.find((b) => b.id === first.id)?.entries[0]?.content).toBe('Salt is money.');
  });
});

describe('[K11] a variable system’s rule entries on import', () => {
  const mvu = {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: '雪见',
      description: 'A swordswoman.',
      extensions: { regex_scripts: [{ scriptName: '状态栏' }] },
      character_book: {
        entries: [
          { id: 0, keys: ['山'], content: '青云山。', comment: '世界观' },
          {
            id: 1,
            keys: ['规则'],
            content: '输出 <UpdateVariable>_.set("好感", 1)</UpdateVariable>',
            comment: '变量规则',
          },
        ],
      },
    },
  };

  it('[K11] left out by default (disabled, kept in the book); kept on when asked', async () => {
    const host = await setup();
    const reviewed = await host.api.reviewImport(json('xue.json', mvu));
    expect(reviewed.ok && reviewed.report.variableRules).toEqual(['变量规则']);
    const left = await host.api.importFile(json('xue.json', mvu));
    if (!left.ok) throw new Error(left.detail);
    const kept = await host.api.importFile(json('xue.json', mvu), {
      variableRules: 'keep',
      twin: 'keep-both',
    });
    if (!kept.ok) throw new Error(kept.detail);
    const cast = (await host.api.libraryCast()).characters;
    const books = await host.api.listLorebooks();
    const enabled = (id: string) =>
      books.find((b) => b.id === cast.find((c) => c.id === id)?.books[0])?.entries.map((e) => e.enabled);
    expect(enabled(left.id)).toEqual([true, false]);
    expect(enabled(kept.id)).toEqual([true, true]);
  });
});

describe('[K14] a picture too large for the library', () => {
  it('[K14] is said in the review, before Import (Node draws no pictures: it stays out)', async () => {
    const host = await setup();
    // An image chunk of 1.3 MB: over what the library keeps as a data: URL.
    const big = new Uint8Array(1_300_000).fill(7);
    const bytes = png([
      tEXt('chara', b64(v3Card())),
      tEXt('Comment', String.fromCharCode(...big.subarray(0, 1)).repeat(big.length)),
    ]);
    const reviewed = await host.api.reviewImport({ name: 'big.png', bytes });
    expect(reviewed.ok && reviewed.report.dropped).toContain('the avatar: too large for the library');
  });
});
