// Importing through the worker as the app does: a PNG card (with its book and greetings) reviewed then
// brought into the library and exported back as a PNG that reads the same; a World Info file as a
// lorebook; a SillyTavern chat as a story; a file of no known kind refused in one line, nothing made.
// [K14] A card or a book imported again: the review names the twin (same, or only the same name), and
// the import replaces it, keeps both (the new one named apart) or — unasked — never overwrites.
// [K12] A card's variable-system rule entries are left out by default (disabled, not deleted), kept on
// when the person says so. [K15] A picture the library cannot hold is said in the review itself.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';
import { readFileSync } from 'node:fs';
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
const file = (name: string, value: unknown) => ({
  name,
  bytes: enc.encode(typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('import through the worker', () => {
  it('[K1][K6] a PNG card is reviewed, imported with its book and greetings, and exported as a PNG that reads the same', async () => {
    const host = await setup();
    const card = { name: 'mira.png', bytes: png([tEXt('chara', b64(v3Card()))]) };
    const reviewed = await host.api.reviewImport(card);
    if (!reviewed.ok) throw new Error(reviewed.detail);
    expect(reviewed.report).toMatchObject({ kind: 'character', name: 'Mira', greetings: 3 });
    expect((await host.api.libraryCast()).characters).toEqual([]);
    const imported = await host.api.importFile(card);
    if (!imported.ok) throw new Error(imported.detail);
    const mira = (await host.api.libraryCast()).characters.find((c) => c.id === imported.id);
    expect(mira?.card.firstMessage).toBe('*${name} looks up.* Late again, ${user}?');
    expect(mira?.greetings).toEqual(['The lanterns flicker, ${user}.', 'Quiet night.']);
    expect(mira?.avatar).toMatch(/^data:image\/png;base64,/);
    const books = await host.api.listLorebooks();
    expect(mira?.books).toEqual([books[0]?.id]);
    expect(books[0]?.name).toBe('Mira book');

    const exported = await host.api.exportCharacter(imported.id, 'png');
    if (!exported.ok) throw new Error(exported.detail);
    const again = await host.api.reviewImport({ name: exported.file.fileName, bytes: exported.file.bytes });
    expect(again.ok && again.report).toMatchObject({
      kind: 'character',
      name: 'Mira',
      spec: 'v3',
      greetings: 3,
    });
    const json = await host.api.exportCharacter(imported.id, 'json');
    const v3 = json.ok && JSON.parse(new TextDecoder().decode(json.file.bytes));
    expect(v3.data.first_mes).toBe('*{{char}} looks up.* Late again, {{user}}?');
    expect(v3.data.x_unknown_field).toEqual({ kept: true });
  });

  it('[I1][I5] a World Info file becomes a library lorebook, exported back as World Info', async () => {
    const host = await setup();
    const wi = {
      entries: {
        0: {
          uid: 0,
          key: ['dragon'],
          content: 'Dragons fear salt.',
          comment: 'Dragons',
          order: 50,
          position: 1,
        },
      },
    };
    const imported = await host.api.importFile(file('beasts.json', wi));
    if (!imported.ok) throw new Error(imported.detail);
    expect(imported.kind).toBe('lorebook');
    const [book] = await host.api.listLorebooks();
    expect(book).toMatchObject({
      name: 'beasts',
      entries: [{ keys: ['dragon'], content: 'Dragons fear salt.', position: 'after-card' }],
    });
    const out = await host.api.exportLorebook(book?.id as string);
    const back = out.ok && JSON.parse(new TextDecoder().decode(out.file.bytes));
    expect(Object.values(back.entries as Record<string, { key: string[] }>)[0]?.key).toEqual(['dragon']);
  });

  it('[I6][I7] a SillyTavern chat becomes a story in which everyone perceived everything', async () => {
    const host = await setup();
    const chat = [
      { user_name: 'Sam', character_name: 'Mira', create_date: '2024-01-01T10:00:00Z' },
      { name: 'Mira', is_user: false, mes: 'Late again?', send_date: '2024-01-01T10:00:01Z' },
      { name: 'Sam', is_user: true, mes: 'Sorry, the ferry.', send_date: '2024-01-01T10:00:02Z' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const reviewed = await host.api.reviewImport(file('mira.jsonl', chat));
    expect(reviewed.ok && reviewed.report).toMatchObject({ kind: 'chat', messages: 2 });
    const imported = await host.api.importFile(file('mira.jsonl', chat), { chat: 'perceived-all' });
    if (!imported.ok) throw new Error(imported.detail);
    const rows = await host.api.transcript(imported.id);
    if (!rows.ok) throw new Error(rows.detail);
    expect(rows.rows.map((r) => [r.authorName, r.kind, r.text])).toEqual([
      ['Mira', 'perceived', 'Late again?'],
      ['Sam', 'own', 'Sorry, the ferry.'],
    ]);
    expect((await host.api.listStories()).map((s) => s.title)).toEqual(['mira']);
  });

  it('[I7] a chat imported to be projected later: its views are made when asked, in order, and counted', async () => {
    const server = await startOpenAIServer({
      answer: (body) => (bodyKind(body) === 'project' ? 'You hear a voice.' : 'I nod.'),
    });
    const host = await startHost(server);
    cleanups.push(
      () => server.close(),
      () => host.close(),
    );
    const chat = [
      { name: 'Mira', mes: 'Late again?' },
      { name: 'Sam', is_user: true, mes: 'Sorry, the ferry.' },
      { name: 'Mira', mes: 'Sit down.' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const imported = await host.api.importFile(file('ferry.jsonl', chat), { chat: 'project-later' });
    if (!imported.ok) throw new Error(imported.detail);
    const before = await host.api.transcript(imported.id);
    if (!before.ok) throw new Error(before.detail);
    expect(before.missing).toBe(3);
    expect(before.rows.map((r) => r.kind)).toEqual(['missing', 'own', 'missing']);
    const done = await host.api.completeViews(imported.id);
    if (!done.ok) throw new Error(done.detail);
    expect(done.made).toBe(3);
    const after = await host.api.transcript(imported.id);
    expect(after.ok && after.missing).toBe(0);
    expect(after.ok && after.rows.map((r) => [r.kind, r.text])).toEqual([
      ['perceived', 'You hear a voice.'],
      ['own', 'Sorry, the ferry.'],
      ['perceived', 'You hear a voice.'],
    ]);
  });

  it('[I7] a new story opens with a greeting of an imported card: the character’s first turn, everyone perceives it as written', async () => {
    const host = await setup();
    const imported = await host.api.importFile({
      name: 'mira.png',
      bytes: png([tEXt('chara', b64(v3Card()))]),
    });
    if (!imported.ok) throw new Error(imported.detail);
    const mira = (await host.api.libraryCast()).characters.find((c) => c.id === imported.id);
    const created = await host.api.createStory({
      title: 'Bridge',
      language: 'en',
      user: { name: 'Sam' },
      characters: [{ name: 'Mira', ...(mira ? { card: mira.card } : {}) }],
      opening: { character: 'Mira', text: mira?.greetings[0] ?? '' },
    });
    if (!created.ok) throw new Error(created.detail);
    const rows = await host.api.transcript(created.storyId);
    if (!rows.ok) throw new Error(rows.detail);
    expect(rows.rows.map((r) => [r.authorName, r.kind, r.text])).toEqual([
      ['Mira', 'perceived', 'The lanterns flicker, Sam.'],
    ]);
    expect(rows.stale).toBeNull();
    const inspected = await host.api.inspectTurn(created.storyId, rows.rows[0]?.turnId as string);
    expect(inspected.ok && inspected.turn.origin).toBe('authored');
  });

  it('[K9] an imported card split into world pieces by the model; the accepted ones become a world its character knows', async () => {
    const pieces = [
      { kind: 'character', name: 'Mira', body: 'Tends the lanterns.' },
      { kind: 'place', name: 'The Old Bridge', body: 'Where the market is.' },
    ];
    const server = await startOpenAIServer({
      answer: (body) =>
        (body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema
          ?.name === 'world_pieces'
          ? JSON.stringify({ pieces })
          : 'I nod.',
    });
    const host = await startHost(server);
    cleanups.push(
      () => server.close(),
      () => host.close(),
    );
    const imported = await host.api.importFile({
      name: 'mira.png',
      bytes: png([tEXt('chara', b64(v3Card()))]),
    });
    if (!imported.ok) throw new Error(imported.detail);
    const split = await host.api.cardWorld(imported.id);
    if (!split.ok) throw new Error(split.detail);
    expect(split.pieces).toEqual(pieces);
    const request =
      server.requests
        .at(-1)
        ?.body.messages.map((m) => m.content)
        .join('\n') ?? '';
    expect(request).toContain('Mira tends the night market lanterns.');
    const accepted = await host.api.acceptCardWorld(imported.id, split.pieces);
    if (!accepted.ok) throw new Error(accepted.detail);
    const [world] = await host.api.listWorlds();
    expect(world?.name).toBe('Mira’s world');
    const mira = world?.nodes.find((n) => n.name === 'Mira');
    const bridge = world?.nodes.find((n) => n.name === 'The Old Bridge');
    expect(world?.knowledge[mira?.id as string]?.nodes).toEqual([bridge?.id]);
    expect(world?.books.length).toBe(1);
  });

  it('a SillyTavern preset and a Rashomon story are known by their content and imported as such', async () => {
    const host = await setup();
    const preset = JSON.parse(readFileSync('tests/fixtures/sillytavern/night-market.json', 'utf8'));
    const p = await host.api.importFile(file('night-market.json', preset));
    if (!p.ok) throw new Error(p.detail);
    expect(p.kind).toBe('preset');
    expect((await host.api.listPresets()).map((x) => x.title)).toEqual(['night-market']);
    const storyId = await newStory(host.api);
    const exported = await host.api.exportStory(storyId);
    if (!exported.ok) throw new Error(exported.detail);
    const reviewed = await host.api.reviewImport(file('night-watch.json', exported.story));
    expect(reviewed.ok && reviewed.report).toMatchObject({ kind: 'story', name: 'Night watch' });
    const s = await host.api.importFile(file('night-watch.json', exported.story));
    expect(s.ok && s.kind).toBe('story');
    expect((await host.api.listStories()).length).toBe(2);
  });

  it('a file of no known kind is refused in one line, naming what would be read; nothing is made', async () => {
    const host = await setup();
    const refused = await host.api.reviewImport(file('notes.json', { hello: 'world' }));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.detail).toMatch(
      /^notes\.json is JSON, but none of what Rashomon reads: a character card/,
    );
    const noCard = await host.api.importFile({ name: 'photo.png', bytes: png() });
    expect(!noCard.ok && noCard.detail).toMatch(/holds no character card/);
    expect(await host.api.listLorebooks()).toEqual([]);
    expect((await host.api.libraryCast()).characters).toEqual([]);
  });
});

const json = (name: string, value: unknown) => ({ name, bytes: enc.encode(JSON.stringify(value)) });
const card = (description = 'Mira tends the night market lanterns.') => {
  const c = v3Card();
  return { name: 'mira.png', bytes: png([tEXt('chara', b64({ ...c, data: { ...c.data, description } }))]) };
};
const book = (content: string) => ({
  entries: { 0: { uid: 0, key: ['salt'], content, comment: 'Salt' } },
});

describe('[K14] importing the same card or book again', () => {
  it('[K14] the review names the twin; keep both names the new one apart, replace keeps one', async () => {
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

  it('[K14] a lorebook imported again: replaced in place, or kept both named apart', async () => {
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

describe('[K12] a variable system’s rule entries on import', () => {
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

  it('[K12] left out by default (disabled, kept in the book); kept on when asked', async () => {
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

describe('[K15] a picture too large for the library', () => {
  it('[K15] is said in the review, before Import (Node draws no pictures: it stays out)', async () => {
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

  /** A card whose picture is over the library's limit: a 1.3 MB text chunk in its PNG. */
  const bigCard = () => png([tEXt('chara', b64(v3Card())), tEXt('Comment', 'x'.repeat(1_300_000))]);

  it('[K15] the original is kept on this device: the card export carries it, not the library’s', async () => {
    const host = await setup();
    const imported = await host.api.importFile({ name: 'big.png', bytes: bigCard() });
    if (!imported.ok) throw new Error(imported.detail);
    expect(imported.report.converted).toContain(
      'the original picture (1.2 MB): kept on this device, for the card export',
    );
    const mira = (await host.api.libraryCast()).characters.find((c) => c.id === imported.id);
    expect(mira?.avatar).toBeUndefined();
    expect(mira?.originalPicture?.mime).toBe('image/png');
    expect(mira?.originalPicture?.bytes).toBeGreaterThan(1_300_000);
    const exported = await host.api.exportCharacter(imported.id, 'png');
    if (!exported.ok) throw new Error(exported.detail);
    expect(exported.picture).toBe('original');
    expect(exported.file.bytes.length).toBeGreaterThan(1_300_000);
    const json = await host.api.exportCharacter(imported.id, 'json');
    // A JSON card carries no picture.
    expect(json.ok && json.picture).toBe('none');
  });

  it('[K15] a picture the person chooses replaces the original in the export', async () => {
    const host = await setup();
    const imported = await host.api.importFile({ name: 'big.png', bytes: bigCard() });
    if (!imported.ok) throw new Error(imported.detail);
    const chosen = `data:image/png;base64,${Buffer.from(png()).toString('base64')}`;
    expect(await host.api.setLibraryPicture(imported.id, chosen)).toEqual({ ok: true });
    const mira = (await host.api.libraryCast()).characters.find((c) => c.id === imported.id);
    expect(mira?.originalPicture).toBeUndefined();
    const exported = await host.api.exportCharacter(imported.id, 'png');
    expect(exported.ok && exported.picture).toBe('library');
    expect(exported.ok && exported.file.bytes.length).toBeLessThan(10_000);
  });
});
