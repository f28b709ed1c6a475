// Presets as library things (issue 33): deleted into the library's trash and restored, applied only
// with approval when they carry rules prompts, retitled, and made from the shipped or a world's prose.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { describePreset, putPreset, readPreset } from '../../src/driver/doc/library-presets.ts';
import { listPromptOverrides } from '../../src/driver/doc/prompt-overrides.ts';
import { readStoryPreset } from '../../src/driver/doc/story-preset.ts';
import { setLanguage } from '../../src/driver/doc/story-doc.ts';
import { applyPreset, reapplyPreset } from '../../src/driver/presets/apply.ts';
import {
  listTrashedPresets,
  restoreTrashedPreset,
  trashPreset,
} from '../../src/driver/presets/preset-deletion.ts';
import { shippedProse, worldProse } from '../../src/driver/presets/preset-sources.ts';
import { restoreTrashed } from '../../src/driver/assistant/decisions.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { isoAt, makeStory } from '../support/story-fixture.ts';

const NOIR = new Map([['en/roleplay/style', 'Write hard-boiled noir in ${language}.']]);
const RULED = new Map([
  ['en/roleplay/style', 'Write tersely in ${language}.'],
  ['en/roleplay/actor-task', 'Your move, ${name}.'],
]);

function library() {
  const doc = new Y.Doc();
  putPreset(doc, {
    id: 'noir',
    title: 'Noir',
    description: 'Rain.',
    sampling: { characters: 1.1 },
    prompts: NOIR,
  });
  putPreset(doc, { id: 'ruled', title: 'Ruled', prompts: RULED });
  return doc;
}

describe('[PL1] a deleted preset goes to the library trash', () => {
  it('is kept whole and restored under its own id', () => {
    const doc = library();
    expect(trashPreset(doc, 'noir', { trashId: 't1', at: 5 })).toEqual({ ok: true });
    expect(readPreset(doc, 'noir')).toBeUndefined();
    expect(listTrashedPresets(doc).map((t) => [t.id, t.preset.title, t.at])).toEqual([['t1', 'Noir', 5]]);
    expect(restoreTrashedPreset(doc, 't1')).toEqual({ ok: true });
    expect(readPreset(doc, 'noir')).toMatchObject({
      title: 'Noir',
      description: 'Rain.',
      sampling: { characters: 1.1 },
    });
    expect([...(readPreset(doc, 'noir')?.prompts ?? [])]).toEqual([...NOIR]);
    expect(listTrashedPresets(doc)).toEqual([]);
  });

  it('refuses a missing preset, an unknown trash id, and a restore over a preset holding its id again', () => {
    const doc = library();
    expect(trashPreset(doc, 'gone', { trashId: 't0', at: 1 })).toMatchObject({ ok: false, code: 'missing' });
    expect(restoreTrashedPreset(doc, 'nope')).toMatchObject({ ok: false, code: 'unknown' });
    trashPreset(doc, 'noir', { trashId: 't1', at: 5 });
    putPreset(doc, { id: 'noir', title: 'Another noir', prompts: NOIR });
    expect(restoreTrashedPreset(doc, 't1')).toMatchObject({ ok: false, code: 'taken' });
    expect(readPreset(doc, 'noir')?.title).toBe('Another noir');
    expect(listTrashedPresets(doc)).toHaveLength(1);
  });

  it("is restored by the assistants' restore too (one restore for whatever the trash holds)", () => {
    const doc = library();
    trashPreset(doc, 'noir', { trashId: 't1', at: 5 });
    expect(restoreTrashed(doc, 't1', () => 'x')).toEqual({ ok: true });
    expect(readPreset(doc, 'noir')?.title).toBe('Noir');
  });

  it('leaves the stories that applied it their copies', () => {
    const doc = library();
    const story = makeStory().doc;
    applyPreset(doc, story, 'noir', isoAt(1));
    trashPreset(doc, 'noir', { trashId: 't1', at: 5 });
    expect(listPromptOverrides(story).get('en/roleplay/style')).toBe(NOIR.get('en/roleplay/style'));
  });
});

describe('[PL2] a preset carrying rules prompts needs approval', () => {
  it('is refused without it, with the warning naming the prompts, and the story is left as it was', () => {
    const doc = library();
    const story = makeStory().doc;
    expect(applyPreset(doc, story, 'ruled', isoAt(1))).toEqual({
      ok: false,
      code: 'needs-approval',
      detail: expect.stringContaining('roleplay/actor-task'),
    });
    expect(listPromptOverrides(story).size).toBe(0);
    expect(readStoryPreset(story)).toBeNull();
    expect(applyPreset(doc, story, 'ruled', isoAt(2), { approveRules: true })).toEqual({ ok: true });
    expect(listPromptOverrides(story).get('en/roleplay/actor-task')).toBe('Your move, ${name}.');
  });

  it('is re-applied only with approval, and the warning is in the story language', () => {
    const doc = library();
    const story = makeStory().doc;
    applyPreset(doc, story, 'ruled', isoAt(1), { approveRules: true });
    expect(reapplyPreset(doc, story, isoAt(2))).toMatchObject({ ok: false, code: 'needs-approval' });
    expect(reapplyPreset(doc, story, isoAt(3), { approveRules: true })).toEqual({ ok: true });
    setLanguage(story, 'zh');
    expect(applyPreset(doc, story, 'ruled', isoAt(4))).toMatchObject({
      code: 'needs-approval',
      detail: expect.stringMatching(/[\u4e00-\u9fff]/),
    });
  });

  it('a preset of prose prompts only is applied without asking', () => {
    const doc = library();
    expect(applyPreset(doc, makeStory().doc, 'noir', isoAt(1))).toEqual({ ok: true });
  });
});

describe("[PL3] a preset's title and description", () => {
  it('are edited, its sampling and prompts kept; an empty title or a missing preset is refused', () => {
    const doc = library();
    expect(describePreset(doc, 'noir', { title: ' Rain city ', description: 'Wet streets.' })).toEqual({
      ok: true,
    });
    expect(readPreset(doc, 'noir')).toMatchObject({
      title: 'Rain city',
      description: 'Wet streets.',
      sampling: { characters: 1.1 },
    });
    expect(readPreset(doc, 'noir')?.prompts.size).toBe(1);
    expect(describePreset(doc, 'noir', { title: '  ', description: '' })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(describePreset(doc, 'gone', { title: 'X', description: '' })).toMatchObject({
      ok: false,
      code: 'missing',
    });
  });
});

describe('[PL5] a preset made from the shipped prose or a world', () => {
  it('from the shipped prose: every prose prompt of every shipped language, as shipped', () => {
    const shipped = shippedPrompts();
    const prompts = shippedProse(shipped);
    expect([...prompts.keys()].sort()).toEqual([
      'en/roleplay/character-style',
      'en/roleplay/persona',
      'en/roleplay/style',
      'zh/roleplay/character-style',
      'zh/roleplay/persona',
      'zh/roleplay/style',
    ]);
    expect(prompts.get('zh/roleplay/style')).toBe(shipped.get('zh/roleplay/style'));
  });

  it("from a world: its prose prompts only, the rules prompts staying the world's", () => {
    const prompts = worldProse({
      prompts: { 'en/roleplay/style': 'Gaslit.', 'en/roleplay/actor-task': 'Go, ${name}.' },
    });
    expect([...prompts]).toEqual([['en/roleplay/style', 'Gaslit.']]);
  });
});
