// Presets in the library and in a story: copied in on apply, recorded, compared with the library,
// switched, re-applied and removed with every replaced copy kept in the story's trash.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  deletePresetPrompt,
  listPresets,
  putPreset,
  readPreset,
  removePreset,
  setPresetPrompt,
} from '../../src/driver/doc/library-presets.ts';
import {
  listPromptOverrides,
  readPromptOverride,
  setPromptOverride,
} from '../../src/driver/doc/prompt-overrides.ts';
import { listPromptTrash, readStoryPreset } from '../../src/driver/doc/story-preset.ts';
import { applyPreset, reapplyPreset, removeStoryPreset } from '../../src/driver/presets/apply.ts';
import { presetStatus } from '../../src/driver/presets/status.ts';
import { summarisePreset } from '../../src/driver/presets/summary.ts';
import { actorRequest } from '../../src/driver/turns/actor.ts';
import { requestBudget } from '../../src/driver/budget/request-budget.ts';
import { resolvePrompts } from '../../src/driver/prompts/resolve.ts';
import { makeEnv } from '../support/driver-env.ts';
import { JANE, isoAt, makeStory } from '../support/story-fixture.ts';

const NOIR = new Map([
  ['en/roleplay/style', 'Write hard-boiled noir in ${language}.'],
  ['en/roleplay/character-style', 'Speak as ${name}, tersely. ${style}'],
]);
const PASTORAL = new Map([['en/roleplay/style', 'Write gentle pastoral prose in ${language}.']]);

function stored(library: Y.Doc, id: string) {
  const preset = readPreset(library, id);
  if (!preset) throw new Error(`no preset ${id}`);
  return preset;
}

function setup() {
  const library = new Y.Doc();
  expect(
    putPreset(library, {
      id: 'noir',
      title: 'Noir',
      sampling: { master: 0.7, characters: 1.1 },
      prompts: NOIR,
    }),
  ).toEqual({ ok: true });
  expect(putPreset(library, { id: 'pastoral', title: 'Pastoral', prompts: PASTORAL })).toEqual({ ok: true });
  const story = makeStory().doc;
  return { library, story };
}

describe('presets in the library', () => {
  it('stores title, description, sampling and prompts; lists by title; removes', () => {
    const { library } = setup();
    expect(listPresets(library).map((p) => p.title)).toEqual(['Noir', 'Pastoral']);
    const noir = readPreset(library, 'noir');
    expect(noir).toMatchObject({
      id: 'noir',
      title: 'Noir',
      description: '',
      sampling: { master: 0.7, characters: 1.1 },
    });
    expect([...(noir?.prompts ?? [])]).toEqual([...NOIR]);
    expect(setPresetPrompt(library, 'noir', 'en/roleplay/style', 'Rain. ${language}.')).toEqual({ ok: true });
    expect(readPreset(library, 'noir')?.prompts.get('en/roleplay/style')).toBe('Rain. ${language}.');
    deletePresetPrompt(library, 'noir', 'en/roleplay/character-style');
    expect(readPreset(library, 'noir')?.prompts.size).toBe(1);
    expect(setPresetPrompt(library, 'gone', 'en/roleplay/style', 'x')).toMatchObject({
      ok: false,
      code: 'missing',
    });
    removePreset(library, 'pastoral');
    expect(listPresets(library).map((p) => p.id)).toEqual(['noir']);
  });

  it('validates sampling ranges (temperatures 0–2, topP 0–1) and the title', () => {
    const library = new Y.Doc();
    expect(putPreset(library, { id: 'x', title: 'X', sampling: { master: 2.5 } })).toMatchObject({
      ok: false,
      code: 'invalid',
      detail: expect.stringMatching(/^sampling\.master/),
    });
    expect(putPreset(library, { id: 'x', title: 'X', sampling: { topP: 1.2 } })).toMatchObject({ ok: false });
    expect(putPreset(library, { id: 'x', title: ' ' })).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^title/),
    });
    expect(
      putPreset(library, { id: 'x', title: 'X', sampling: { master: 0, characters: 2, topP: 1 } }),
    ).toEqual({ ok: true });
  });

  it('lists rules prompts with a warning, and a preset with a problem with it', () => {
    const library = new Y.Doc();
    putPreset(library, {
      id: 'rules',
      title: 'Rules',
      prompts: new Map([
        ['en/roleplay/style', 'Plain.'],
        ['en/roleplay/retry', 'Again: ${reason}'],
        ['zh/roleplay/retry', '再来：${reason}'],
      ]),
    });
    const summary = summarisePreset(stored(library, 'rules'), 'en');
    expect(summary.prompts.map((p) => [p.path, p.rules])).toEqual([
      ['en/roleplay/retry', true],
      ['en/roleplay/style', false],
      ['zh/roleplay/retry', true],
    ]);
    expect(summary.languages).toEqual(['en', 'zh']);
    expect(summary.warning).toMatch(/rules prompts \(roleplay\/retry\)/);
    expect(summarisePreset(stored(library, 'rules'), 'zh').warning).toMatch(/规则提示词/);
    expect(summary.problems).toEqual([]);

    putPreset(library, { id: 'empty', title: 'Empty' });
    expect(summarisePreset(stored(library, 'empty'), 'en').problems).toEqual([
      { path: '', reason: 'the preset carries no prompts' },
    ]);
    putPreset(library, { id: 'bad', title: 'Bad', prompts: new Map([['en/roleplay/style', 'Hi {{char}}']]) });
    const bad = summarisePreset(stored(library, 'bad'), 'en');
    expect(bad.problems).toEqual([{ path: 'en/roleplay/style', reason: expect.stringMatching(/\{\{…\}\}/) }]);
    expect(bad.warning).toBeNull();
  });
});

describe('[R3][R4] a preset in a story', () => {
  it('copies the prompts in, records what each held, and is current', () => {
    const { library, story } = setup();
    expect(presetStatus(library, story)).toEqual({ status: 'none' });
    expect(applyPreset(library, story, 'noir', isoAt(10))).toEqual({ ok: true });
    expect([...listPromptOverrides(story)]).toEqual([...NOIR]);
    const record = readStoryPreset(story);
    expect(record).toMatchObject({ presetId: 'noir', title: 'Noir', appliedAt: isoAt(10) });
    expect(record?.files['en/roleplay/style']?.text).toBe(NOIR.get('en/roleplay/style'));
    expect(presetStatus(library, story)).toMatchObject({
      status: 'current',
      editedInStory: [],
      changedInLibrary: [],
    });
  });

  it('later library edits never change the story: it reads "changed in the library" until re-applied', () => {
    const { library, story } = setup();
    applyPreset(library, story, 'noir', isoAt(10));
    setPresetPrompt(library, 'noir', 'en/roleplay/style', 'Neon and rain, in ${language}.');
    expect(readPromptOverride(story, 'en/roleplay/style')).toBe(NOIR.get('en/roleplay/style'));
    expect(presetStatus(library, story)).toMatchObject({
      status: 'changed-in-library',
      changedInLibrary: ['en/roleplay/style'],
    });
    expect(reapplyPreset(library, story, isoAt(20))).toEqual({ ok: true });
    expect(readPromptOverride(story, 'en/roleplay/style')).toBe('Neon and rain, in ${language}.');
    expect(presetStatus(library, story).status).toBe('current');
    // The replaced copy is in the trash; the unchanged one, written again as it was, is not.
    expect(listPromptTrash(story)).toEqual([
      { path: 'en/roleplay/style', text: NOIR.get('en/roleplay/style'), at: isoAt(20), reason: 'replaced' },
    ]);
  });

  it('reads "edited in the story" when a copy was changed or deleted (edits outrank library changes)', () => {
    const { library, story } = setup();
    applyPreset(library, story, 'noir', isoAt(10));
    setPromptOverride(story, 'en/roleplay/character-style', 'Speak as ${name}, in riddles. ${style}');
    setPresetPrompt(library, 'noir', 'en/roleplay/style', 'Changed.');
    expect(presetStatus(library, story)).toMatchObject({
      status: 'edited-in-story',
      editedInStory: ['en/roleplay/character-style'],
      changedInLibrary: ['en/roleplay/style'],
    });
  });

  it('reads "missing" when the library no longer has the preset, naming it by its recorded title', () => {
    const { library, story } = setup();
    applyPreset(library, story, 'noir', isoAt(10));
    removePreset(library, 'noir');
    expect(presetStatus(library, story)).toMatchObject({
      status: 'missing',
      presetId: 'noir',
      title: 'Noir',
    });
    expect(reapplyPreset(library, story, isoAt(11))).toMatchObject({ ok: false, code: 'missing' });
    expect([...listPromptOverrides(story)]).toEqual([...NOIR]);
  });

  it('switches: only the old copies are taken out (to the trash), an override it replaced is not brought back', () => {
    const { library, story } = setup();
    setPromptOverride(story, 'en/roleplay/style', 'WORLD style');
    setPromptOverride(story, 'en/roleplay/retry', 'Own retry: ${reason}');
    applyPreset(library, story, 'noir', isoAt(10));
    setPromptOverride(story, 'en/roleplay/character-style', 'EDITED character style ${style}');
    expect(applyPreset(library, story, 'pastoral', isoAt(20))).toEqual({ ok: true });
    expect([...listPromptOverrides(story)].sort()).toEqual([
      ['en/roleplay/retry', 'Own retry: ${reason}'],
      ['en/roleplay/style', PASTORAL.get('en/roleplay/style')],
    ]);
    expect(readStoryPreset(story)?.presetId).toBe('pastoral');
    expect(listPromptTrash(story).map((t) => [t.at, t.path, t.text, t.reason])).toEqual([
      [isoAt(20), 'en/roleplay/character-style', 'EDITED character style ${style}', 'replaced'],
      [isoAt(20), 'en/roleplay/style', NOIR.get('en/roleplay/style'), 'replaced'],
      [isoAt(10), 'en/roleplay/style', 'WORLD style', 'replaced'],
    ]);
  });

  it('removes: the copies go to the trash and the layers below apply again', () => {
    const { library, story } = setup();
    applyPreset(library, story, 'noir', isoAt(10));
    expect(removeStoryPreset(story, isoAt(30))).toEqual({ ok: true });
    expect(listPromptOverrides(story).size).toBe(0);
    expect(readStoryPreset(story)).toBeNull();
    expect(presetStatus(library, story)).toEqual({ status: 'none' });
    expect(listPromptTrash(story).map((t) => t.path)).toEqual([
      'en/roleplay/character-style',
      'en/roleplay/style',
    ]);
    expect(removeStoryPreset(story, isoAt(31))).toMatchObject({ ok: false, code: 'no-preset' });
  });

  it('refuses a preset that cannot be used, and leaves the story as it was', () => {
    const { library, story } = setup();
    putPreset(library, { id: 'bad', title: 'Bad', prompts: new Map([['en/roleplay/style', '']]) });
    expect(applyPreset(library, story, 'bad', isoAt(10))).toMatchObject({
      ok: false,
      code: 'unusable',
      detail: expect.stringMatching(/^en\/roleplay\/style: the file is empty/),
    });
    expect(applyPreset(library, story, 'nope', isoAt(10))).toMatchObject({ ok: false, code: 'missing' });
    expect(listPromptOverrides(story).size).toBe(0);
    expect(readStoryPreset(story)).toBeNull();
  });
});

describe("[R3][R8] a preset's persona prompt", () => {
  const PERSONA = new Map([
    ['en/roleplay/persona', '${name} has heard rumours of ${user}: ${persona} Treat them warily.'],
  ]);

  /** The system prompt Jane's actor call gets with the story's resolved prompts. */
  async function janeSystem(story: ReturnType<typeof makeStory>) {
    const prompts = resolvePrompts({
      shipped: makeEnv(() => '').prompts,
      story: listPromptOverrides(story.doc),
    }).prompts;
    const env = makeEnv(() => '', { prompts });
    const request = await actorRequest(
      story,
      env,
      JANE,
      null,
      await requestBudget(env, 'actor', env.models.actor),
    );
    return request.request.messages[0]?.content ?? '';
  }

  it('is prose, not a rules prompt', () => {
    const library = new Y.Doc();
    putPreset(library, { id: 'wary', title: 'Wary', prompts: PERSONA });
    const summary = summarisePreset(stored(library, 'wary'), 'en');
    expect(summary.prompts).toEqual([
      { path: 'en/roleplay/persona', language: 'en', id: 'roleplay/persona', rules: false },
    ]);
    expect(summary.warning).toBeNull();
    expect(summary.problems).toEqual([]);
  });

  it("changes how the actor is told the user's persona, and removing the preset restores it", async () => {
    const library = new Y.Doc();
    putPreset(library, { id: 'wary', title: 'Wary', prompts: PERSONA });
    const story = makeStory();
    const shipped = await janeSystem(story);
    expect(shipped).toContain('About User, the person you share the scene with: A traveller.');

    expect(applyPreset(library, story.doc, 'wary', isoAt(10))).toEqual({ ok: true });
    const withPreset = await janeSystem(story);
    expect(withPreset).toContain('Jane has heard rumours of User: A traveller. Treat them warily.');
    expect(withPreset).not.toContain('the person you share the scene with');
    // Only the persona part changed: the rest of the request is the shipped one.
    expect(withPreset.replace('Jane has heard rumours of User: A traveller. Treat them warily.', '')).toBe(
      shipped.replace('About User, the person you share the scene with: A traveller.', ''),
    );

    expect(removeStoryPreset(story.doc, isoAt(11))).toEqual({ ok: true });
    expect(await janeSystem(story)).toBe(shipped);
  });
});
