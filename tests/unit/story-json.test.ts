// Story JSON: import refuses a broken file with a reason naming field and turn, and imports nothing;
// export → import → export is lossless (the story's prompts included), and imported records start fresh.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ROOM_NAME } from '../../sync-server/protocol.ts';
import { STORY_ID } from '../../src/driver/doc/story-id.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { putPreset } from '../../src/driver/doc/library-presets.ts';
import { listPromptOverrides, setPromptOverride } from '../../src/driver/doc/prompt-overrides.ts';
import { listPromptTrash, readStoryPreset } from '../../src/driver/doc/story-preset.ts';
import { applyPreset } from '../../src/driver/presets/apply.ts';
import { presetStatus } from '../../src/driver/presets/status.ts';
import { resolvePrompts } from '../../src/driver/prompts/resolve.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { StoryJson, StoryJsonInput } from '../../src/driver/story-json/schema.ts';
import { readStorySampling, updateSettings } from '../../src/driver/doc/story-doc.ts';
import { updateParticipant } from '../../src/driver/doc/participants.ts';
import { editPovText, markPerceivedNothing } from '../../src/driver/doc/pov.ts';
import { editSource } from '../../src/driver/doc/turns.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { JANE, JESS, USER, isoAt, makeStory } from '../support/story-fixture.ts';

const IMPORTED_AT = isoAt(500);

/** A story with two branches, perceived-nothing and edited records, cards, a persona and settings. */
function richStory() {
  const f = makeStory({ guid: 'rich' });
  updateSettings(f.doc, { batchReprojection: true, turnSelection: 'manual' });
  updateParticipant(f.doc, JESS, { card: { personality: 'Wary.', scenario: 'A tower.' } });
  const t1 = f.say(USER, 'I knock.', { id: 't1' });
  f.project(t1, JANE, 'Someone knocks.');
  f.project(t1, JESS, null);
  const t2 = f.say(JANE, 'I open the gate. *Tired traveller.*', { origin: 'generated', id: 't2' });
  f.projectAll(t2);
  editPovText(f.doc, t2, USER, { text: 'Jane opens the gate, frowning.' }, f.expectedPov(t2, USER));
  const t2b = f.say(JESS, 'I shout from the tower.', { origin: 'generated', parent: t1, id: 't2b' });
  f.project(t2b, USER, 'A voice shouts from above.');
  f.project(t2b, JANE, 'Someone shouts.');
  markPerceivedNothing(f.doc, t2b, JANE, f.expectedPov(t2b, JANE));
  const t3 = f.say(USER, 'I look up.', { id: 't3' });
  f.projectAll(t3);
  setActiveLeaf(f.doc, t2);
  return { ...f, ids: { t1, t2, t2b, t3 } };
}

const base = (): StoryJson => exportStory(richStory().doc);
const turn = (s: StoryJson, id: string) => {
  const t = s.turns.find((x) => x.id === id);
  if (!t) throw new Error(`no ${id}`);
  return t;
};

function refused(mutate: (s: StoryJson) => void, ...mentions: string[]) {
  const s = structuredClone(base());
  mutate(s);
  const r = importStory(JSON.parse(JSON.stringify(s)), IMPORTED_AT);
  expect(r.ok).toBe(false);
  expect('doc' in r).toBe(false);
  if (r.ok) return;
  expect(r.code).toBe('invalid-story');
  for (const m of mentions) expect(r.detail).toContain(m);
}

describe('[D9] import refuses, naming field and turn, and imports nothing', () => {
  it('[D9] unknown format', () => refused((s) => Object.assign(s, { format: 'sillytavern.chat' }), 'format'));
  it('[D9] unknown version', () => refused((s) => Object.assign(s, { version: 2 }), 'version', '2'));
  it('[D9] a story id that is no room name (a newline and a command in it)', () => {
    refused((s) => Object.assign(s, { id: 'night\n$(touch /tmp/pwned)' }), 'id', 'A-Z a-z 0-9 _ -');
    refused((s) => Object.assign(s, { id: 'x'.repeat(129) }), 'id');
    // The story id is its sync room's name: the two patterns are one.
    expect(STORY_ID.source).toBe(ROOM_NAME.source);
  });
  it('[D9] a dangling parent', () =>
    refused((s) => Object.assign(turn(s, 't3'), { parent: 'ghost' }), 'parent', '"t3"', 'ghost'));
  it('[D9] a dangling active leaf', () =>
    refused((s) => Object.assign(s, { activeLeaf: 'ghost' }), 'activeLeaf', 'ghost'));
  it('[D9] an unknown author', () =>
    refused((s) => Object.assign(turn(s, 't2'), { author: 'bob' }), 'author', '"t2"', 'bob'));
  it('[D9] an unknown audience', () =>
    refused((s) => turn(s, 't3').audiences.push('bob'), 'audiences', '"t3"', 'bob'));
  it('[D9] a POV record for a non-audience', () =>
    refused(
      (s) => {
        const t = turn(s, 't3');
        t.audiences = t.audiences.filter((a) => a !== JESS);
      },
      `pov.${JESS}`,
      '"t3"',
      'not an audience',
    ));
  it('[D9] a POV record for the author', () =>
    refused(
      (s) => (turn(s, 't2').pov[JANE] = { perceived: true, text: 'x', origin: 'generated' }),
      `pov.${JANE}`,
      '"t2"',
      'author',
    ));
  it('[D9] perceived false with text', () =>
    refused(
      (s) => (turn(s, 't1').pov[JESS] = { perceived: false, text: 'a knock', origin: 'generated' }),
      `pov.${JESS}`,
      '"t1"',
      'perceived',
    ));
  it('[D9] a record field of the wrong type names the turn', () =>
    refused((s) => Object.assign(turn(s, 't3'), { source: 42 }), 'source', '"t3"'));
  it('[D9] duplicate names ignoring case', () =>
    refused(
      (s) => Object.assign(s.participants.find((p) => p.id === JESS) ?? {}, { name: ' jane' }),
      'name',
      'jane',
    ));
  it('[D9] no user', () =>
    refused(
      (s) => (s.participants = s.participants.filter((p) => p.kind !== 'user')),
      'participants',
      'no user',
    ));
  it('[D9] several users', () =>
    refused(
      (s) => s.participants.push({ id: 'u2', kind: 'user', name: 'Second', present: true, persona: '' }),
      'participants',
      '2 user',
    ));
  it('[D9] a parent cycle', () =>
    refused(
      (s) => {
        Object.assign(turn(s, 't1'), { parent: 't3' });
      },
      'parent',
      '"t1"',
    ));
});

describe('[D14] import refuses an empty turn and an empty perceived view, naming turn and field', () => {
  it.each([
    ['empty', ''],
    ['whitespace-only', ' \n\t '],
  ])('[D14] a source that is %s', (_, text) =>
    refused((s) => (turn(s, 't3').source = text), 'turns[', '"t3"', '.source', 'no text'),
  );
  it.each([
    ['empty', ''],
    ['whitespace-only', '  \n'],
  ])('[D14] a view perceived with text that is %s', (_, text) =>
    refused(
      (s) => (turn(s, 't1').pov[JANE] = { perceived: true, text, origin: 'generated' }),
      '"t1"',
      `pov.${JANE}.text`,
      'perceived is true but text is empty',
    ),
  );
  it('[D14] the refusal is in the person’s language (zh)', () => {
    const s = structuredClone(base());
    turn(s, 't1').pov[JANE] = { perceived: true, text: '', origin: 'generated' };
    const r = importStory(JSON.parse(JSON.stringify(s)), IMPORTED_AT, 'zh');
    expect(!r.ok && r.detail).toContain(`pov.${JANE}.text`);
    expect(!r.ok && r.detail).toContain('perceived 为 true，但 text 是空的');
    const empty = structuredClone(base());
    turn(empty, 't3').source = '';
    const e = importStory(JSON.parse(JSON.stringify(empty)), IMPORTED_AT, 'zh');
    expect(!e.ok && e.detail).toContain('这个回合没有文字');
  });
});

describe('[D9] export and import', () => {
  it('[D9] export → import → export is lossless (branches, nothing perceived, edited records, cards, persona)', () => {
    const first = base();
    expect(first.settings).toEqual({ batchReprojection: true, turnSelection: 'manual' });
    expect(first.participants.find((p) => p.id === USER)).toMatchObject({ persona: 'A traveller.' });
    expect(first.participants.find((p) => p.id === JESS)?.card).toEqual({
      personality: 'Wary.',
      scenario: 'A tower.',
    });
    const basis = expect.any(String);
    expect(turn(first, 't2').pov[USER]).toEqual({
      perceived: true,
      text: 'Jane opens the gate, frowning.',
      origin: 'edited',
      basis,
    });
    expect(turn(first, 't2b').pov[JANE]).toEqual({ perceived: false, text: '', origin: 'edited', basis });
    expect(turn(first, 't1').pov[JESS]).toEqual({ perceived: false, text: '', origin: 'generated', basis });
    expect(first.activeLeaf).toBe('t2');
    const r = importStory(JSON.parse(JSON.stringify(first)), IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(r.doc.guid).toBe('rich');
    const second = exportStory(r.doc);
    expect(second).toEqual(first);
    const r2 = importStory(second, IMPORTED_AT);
    expect(r2.ok && exportStory(r2.doc)).toEqual(first);
  });

  it('[D9] accepts children listed before their parents', () => {
    const first = base();
    const r = importStory({ ...first, turns: [...first.turns].reverse() }, IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(exportStory(r.doc)).toEqual(first);
  });

  it('[D9] what was stale at export is stale after import, on every branch', () => {
    const f = richStory();
    editSource(f.doc, f.ids.t1, { text: 'I knock twice.' });
    const r = importStory(exportStory(f.doc), IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    const views = createStoryViews(r.doc);
    for (const leaf of [f.ids.t2, f.ids.t3]) {
      expect(f.views.staleItems(leaf).length).toBeGreaterThan(0);
      expect(views.staleItems(leaf)).toEqual(f.views.staleItems(leaf));
    }
  });

  it('[D9] items the file gives no basis (files from before bases were exported) import fresh', () => {
    const f = richStory();
    editSource(f.doc, f.ids.t1, { text: 'I knock twice.' });
    const exported = exportStory(f.doc);
    const unstamped = {
      ...exported,
      turns: exported.turns.map(({ basis: _basis, ...t }) => ({
        ...t,
        pov: Object.fromEntries(Object.entries(t.pov).map(([a, { basis: _b, ...rec }]) => [a, rec])),
      })),
    };
    const r = importStory(unstamped, IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    const views = createStoryViews(r.doc);
    for (const leaf of [f.ids.t2, f.ids.t3]) {
      expect(views.staleItems(leaf)).toEqual([]);
      for (const who of [USER, JANE, JESS]) expect(views.missing(who, leaf)).toEqual([]);
    }
    for (const n of views.everyNode()) {
      expect(n.turnState).not.toBe('stale');
      for (const s of n.pov.values()) expect(s.state).toBe('fresh');
    }
  });

  it('[D9] a record absent from the file stays missing after import', () => {
    const s = base();
    delete turn(s, 't3').pov[JESS];
    const r = importStory(s, IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(createStoryViews(r.doc).missing(JESS, 't3')).toEqual(['t3']);
  });

  it('[D9] createdAt is optional on import', () => {
    const s = base();
    for (const t of s.turns) delete t.createdAt;
    const r = importStory(s, IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    const out = exportStory(r.doc);
    expect(out.turns.every((t) => t.createdAt === IMPORTED_AT)).toBe(true);
    expect(out.turns.map((t) => t.id).sort()).toEqual(s.turns.map((t) => t.id).sort());
  });
});

describe("[D9][R3] the story's prompts in Story JSON", () => {
  const NOIR = new Map([
    ['en/roleplay/style', 'Write hard-boiled noir in ${language}.'],
    ['en/roleplay/persona', '${name} sizes up ${user}: ${persona}'],
  ]);
  const PASTORAL = new Map([['en/roleplay/style', 'Write gentle pastoral prose in ${language}.']]);

  /**
   * A story with its own overrides in two languages, a preset switched once (so a trash, and the first
   * preset's temperature kept) and one copy edited.
   */
  function storyWithPrompts() {
    const library = new Y.Doc();
    putPreset(library, {
      id: 'noir',
      title: 'Noir',
      sampling: { characters: 1.1, topP: 0.9 },
      prompts: NOIR,
    });
    putPreset(library, {
      id: 'pastoral',
      title: 'Pastoral',
      sampling: { characters: 0.3 },
      prompts: PASTORAL,
    });
    const f = richStory();
    setPromptOverride(f.doc, 'en/roleplay/actor-task', 'Your move, ${name}.');
    setPromptOverride(f.doc, 'zh/roleplay/style', '用${language}写得简洁。');
    expect(applyPreset(library, f.doc, 'pastoral', isoAt(100))).toEqual({ ok: true });
    setPromptOverride(f.doc, 'en/roleplay/style', 'Write pastoral prose, briefly, in ${language}.');
    expect(applyPreset(library, f.doc, 'noir', isoAt(101))).toEqual({ ok: true });
    setPromptOverride(f.doc, 'en/roleplay/persona', '${name} distrusts ${user}: ${persona}');
    return { library, doc: f.doc };
  }

  const resolved = (doc: Y.Doc) =>
    resolvePrompts({ shipped: shippedPrompts(), story: listPromptOverrides(doc) }).prompts;

  it('exports overrides, the preset record and the trash; export → import → export is identical', () => {
    const { library, doc } = storyWithPrompts();
    const first = exportStory(doc);
    expect(first.settings).toMatchObject({ actorTemperature: 0.3 });
    expect(first.settings.actorTopP).toBeUndefined();
    expect(first.prompts).toEqual({
      version: 1,
      overrides: {
        'en/roleplay/actor-task': 'Your move, ${name}.',
        'en/roleplay/persona': '${name} distrusts ${user}: ${persona}',
        'en/roleplay/style': NOIR.get('en/roleplay/style'),
        'zh/roleplay/style': '用${language}写得简洁。',
      },
      preset: {
        presetId: 'noir',
        title: 'Noir',
        appliedAt: isoAt(101),
        files: {
          'en/roleplay/persona': { hash: expect.any(String), text: NOIR.get('en/roleplay/persona') },
          'en/roleplay/style': { hash: expect.any(String), text: NOIR.get('en/roleplay/style') },
        },
        sampling: { suggested: { actorTemperature: 1.1, actorTopP: 0.9 }, story: { actorTemperature: 0.3 } },
      },
      trash: [
        {
          path: 'en/roleplay/style',
          text: 'Write pastoral prose, briefly, in ${language}.',
          at: isoAt(101),
          reason: 'replaced',
        },
      ],
    });
    const r = importStory(JSON.parse(JSON.stringify(first)), IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(exportStory(r.doc)).toEqual(first);
    expect(JSON.stringify(exportStory(r.doc))).toBe(JSON.stringify(first));

    // The imported story resolves the same prompts and reads the same against the library.
    expect([...resolved(r.doc)].sort()).toEqual([...resolved(doc)].sort());
    expect(presetStatus(library, r.doc)).toEqual(presetStatus(library, doc));
    expect(presetStatus(library, r.doc)).toMatchObject({
      status: 'edited-in-story',
      editedInStory: ['en/roleplay/persona'],
    });
    expect(listPromptTrash(r.doc)).toEqual(listPromptTrash(doc));
  });

  it('a story without prompts exports no prompts field, and a file without one imports none', () => {
    const plain = base();
    expect('prompts' in plain).toBe(false);
    const r = importStory(plain, IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(listPromptOverrides(r.doc).size).toBe(0);
    expect(readStoryPreset(r.doc)).toBeNull();
    expect(listPromptTrash(r.doc)).toEqual([]);
  });

  it("[R9] the story's sampling round-trips; an older file imports with none, and a bad one is refused", () => {
    const { doc } = storyWithPrompts();
    updateSettings(doc, { actorTopP: 0.85 });
    const first = exportStory(doc);
    const r = importStory(JSON.parse(JSON.stringify(first)), IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(readStorySampling(r.doc)).toEqual({ actorTemperature: 0.3, actorTopP: 0.85 });
    expect(exportStory(r.doc)).toEqual(first);

    const older = JSON.parse(JSON.stringify(first)) as StoryJsonInput & {
      prompts: { preset: Record<string, unknown> };
    };
    older.settings = { batchReprojection: false, turnSelection: 'auto' };
    delete older.prompts.preset.sampling;
    const old = importStory(older, IMPORTED_AT);
    if (!old.ok) throw new Error(old.detail);
    expect(readStorySampling(old.doc)).toEqual({});
    expect(readStoryPreset(old.doc)?.sampling).toEqual({ suggested: {}, story: {} });

    const hot = importStory({ ...base(), settings: { actorTemperature: 3 } }, IMPORTED_AT);
    expect(hot.ok === false && hot.detail).toMatch(/settings\.actorTemperature/);
  });

  it('an empty prompts field imports as none', () => {
    const r = importStory({ ...base(), prompts: { version: 1 } }, IMPORTED_AT);
    if (!r.ok) throw new Error(r.detail);
    expect(exportStory(r.doc)).toEqual(base());
  });

  const withPrompts = () => exportStory(storyWithPrompts().doc);
  function refusedPrompts(mutate: (p: Record<string, unknown>) => void, ...mentions: string[]) {
    const s = JSON.parse(JSON.stringify(withPrompts())) as { prompts: Record<string, unknown> };
    mutate(s.prompts);
    const r = importStory(s, IMPORTED_AT);
    expect(r.ok).toBe(false);
    if (!r.ok) for (const m of mentions) expect(r.detail).toContain(m);
  }

  it('[D9] refuses an unknown prompts version, naming it', () =>
    refusedPrompts((p) => Object.assign(p, { version: 2 }), 'prompts.version 2 is not supported'));
  it('[D9] refuses an override whose path is not <language>/<group>/<name>', () =>
    refusedPrompts(
      (p) => Object.assign(p.overrides as object, { 'roleplay/style': 'x' }),
      'prompts.overrides',
      'roleplay/style',
    ));
  it('[D9] refuses an override that is not text', () =>
    refusedPrompts(
      (p) => Object.assign(p.overrides as object, { 'en/roleplay/style': 3 }),
      'prompts.overrides.en/roleplay/style',
    ));
  it('[D9] refuses a preset record without its id', () =>
    refusedPrompts((p) => delete (p.preset as Record<string, unknown>).presetId, 'prompts.preset.presetId'));
  it('[D9] refuses a trashed copy with an unknown reason', () =>
    refusedPrompts(
      (p) => Object.assign((p.trash as object[])[0] as object, { reason: 'lost' }),
      'prompts.trash[0].reason',
    ));
});
