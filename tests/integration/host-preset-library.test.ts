// Presets as library things through the worker (issue 33): the delete names the stories using the
// preset and can be undone, a preset with rules prompts is applied only once approved, a preset is
// retitled, made from the shipped prose or a world's, and chosen at a story's start.
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedModel } from '../support/scripted-model.ts';
import { newStory, startScriptedHost, type HostHarness } from '../support/host-harness.ts';
import { putPreset } from '../../src/driver/doc/library-presets.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<HostHarness> {
  const host = await startScriptedHost(
    createScriptedModel(() => {
      throw new Error('no model call in these tests');
    }),
  );
  cleanups.push(() => host.close());
  await host.store.ready;
  putPreset(host.store.library, {
    id: 'noir',
    title: 'Noir',
    prompts: new Map([['en/roleplay/style', 'Write noir in ${language}.']]),
  });
  putPreset(host.store.library, {
    id: 'ruled',
    title: 'Ruled',
    prompts: new Map([['en/roleplay/actor-task', 'Your move, ${name}.']]),
  });
  return host;
}

/** The text a story's requests use for one prompt id, in English. */
async function storyText(host: HostHarness, storyId: string, id: string): Promise<string | undefined> {
  const listed = await host.api.listPrompts('en', storyId);
  return listed.ok ? listed.prompts.find((p) => p.id === id)?.text : undefined;
}

describe('presets in the library, through the worker', () => {
  it('[PL1] names the stories using a preset, deletes it into the trash, and restores it', async () => {
    const host = await setup();
    const storyId = await newStory(host.api);
    await newStory(host.api);
    expect((await host.api.applyPreset(storyId, 'noir')).ok).toBe(true);
    expect(await host.api.presetUsers('noir')).toEqual({
      ok: true,
      stories: [{ id: storyId, title: 'Night watch' }],
    });
    const deleted = await host.api.deletePreset('noir');
    if (!deleted.ok) throw new Error(deleted.detail);
    expect((await host.api.listPresets()).map((p) => p.id)).toEqual(['ruled']);
    expect(await host.api.deletedPresets()).toEqual([
      { trashId: deleted.trashId, title: 'Noir', at: expect.any(Number) },
    ]);
    expect(await host.api.restorePreset(deleted.trashId)).toEqual({ ok: true });
    expect((await host.api.listPresets()).map((p) => p.id)).toEqual(['noir', 'ruled']);
    expect(await host.api.deletedPresets()).toEqual([]);
    expect(await host.api.restorePreset(deleted.trashId)).toMatchObject({ ok: false, code: 'not-found' });
    expect(await host.api.deletePreset('gone')).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('[PL2] a preset with rules prompts is refused until approved, with its warning', async () => {
    const host = await setup();
    const storyId = await newStory(host.api);
    expect(await host.api.applyPreset(storyId, 'ruled')).toEqual({
      ok: false,
      code: 'needs-approval',
      detail: expect.stringContaining('roleplay/actor-task'),
    });
    expect(await storyText(host, storyId, 'roleplay/actor-task')).not.toBe('Your move, ${name}.');
    expect(await host.api.applyPreset(storyId, 'ruled', { approveRules: true })).toEqual({ ok: true });
    expect(await storyText(host, storyId, 'roleplay/actor-task')).toBe('Your move, ${name}.');
    expect(await host.api.reapplyPreset(storyId)).toMatchObject({ code: 'needs-approval' });
    // The approval is checked at the boundary: anything but a boolean is refused.
    const bad = { approveRules: 'yes' } as unknown as { approveRules: boolean };
    expect(await host.api.applyPreset(storyId, 'ruled', bad)).toMatchObject({ ok: false, code: 'invalid' });
  });

  it("[PL3] a preset's title and description are edited; an empty title is refused", async () => {
    const host = await setup();
    expect(await host.api.describePreset('noir', { title: 'Rain city', description: 'Wet.' })).toEqual({
      ok: true,
    });
    expect((await host.api.listPresets()).find((p) => p.id === 'noir')).toMatchObject({
      title: 'Rain city',
      description: 'Wet.',
    });
    expect(await host.api.describePreset('noir', { title: ' ', description: '' })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(await host.api.describePreset('gone', { title: 'X', description: '' })).toMatchObject({
      ok: false,
      code: 'not-found',
    });
  });

  it('[PL5] a new preset from the shipped prose, and one saved from a world', async () => {
    const host = await setup();
    const shipped = await host.api.newPresetFromShippedProse('My style');
    if (!shipped.ok) throw new Error(shipped.detail);
    const made = (await host.api.listPresets()).find((p) => p.id === shipped.presetId);
    expect(made?.prompts.map((p) => p.path)).toEqual([
      'en/roleplay/character-style',
      'en/roleplay/persona',
      'en/roleplay/style',
      'zh/roleplay/character-style',
      'zh/roleplay/persona',
      'zh/roleplay/style',
    ]);
    expect(made).toMatchObject({ title: 'My style', warning: null, problems: [] });
    expect(await host.api.newPresetFromShippedProse('  ')).toMatchObject({ ok: false, code: 'invalid' });

    await host.api.saveWorld({
      id: 'gaslight',
      name: 'Gaslight',
      prompts: { 'en/roleplay/style': 'Gaslit prose.', 'en/roleplay/actor-task': 'Go, ${name}.' },
    });
    const saved = await host.api.savePresetFromWorld('gaslight', 'Gaslight style');
    if (!saved.ok) throw new Error(saved.detail);
    const fromWorld = (await host.api.listPresets()).find((p) => p.id === saved.presetId);
    expect(fromWorld?.prompts.map((p) => p.path)).toEqual(['en/roleplay/style']);
    await host.api.saveWorld({ id: 'bare', name: 'Bare' });
    expect(await host.api.savePresetFromWorld('bare', 'Nothing')).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(await host.api.savePresetFromWorld('nowhere', 'Nothing')).toMatchObject({
      ok: false,
      code: 'not-found',
    });
  });

  it("[PL4] a story's start chooses a preset over the world's prompts, none, or the world's suggestion below them", async () => {
    const host = await setup();
    await host.api.saveWorld({
      id: 'gaslight',
      name: 'Gaslight',
      prompts: { 'en/roleplay/style': 'WORLD style.' },
      suggestedPreset: 'noir',
    });
    const start = (extra: object) =>
      host.api.createStory({
        title: 'Fog',
        language: 'en',
        user: { name: 'Wren' },
        characters: [{ name: 'Jane' }],
        world: { worldId: 'gaslight' },
        ...extra,
      });
    const started = async (extra: object) => {
      const r = await start(extra);
      if (!r.ok) throw new Error(r.detail);
      const status = await host.api.storyPreset(r.storyId);
      return {
        style: await storyText(host, r.storyId, 'roleplay/style'),
        preset: status.ok && status.preset.status !== 'none' ? status.preset.presetId : null,
      };
    };
    expect(await started({})).toEqual({ style: 'WORLD style.', preset: 'noir' });
    expect(await started({ preset: 'noir' })).toEqual({
      style: 'Write noir in ${language}.',
      preset: 'noir',
    });
    expect(await started({ preset: null })).toEqual({ style: 'WORLD style.', preset: null });

    const before = (await host.api.listStories()).length;
    expect(await start({ preset: 'ruled' })).toMatchObject({ ok: false, code: 'needs-approval' });
    expect(await start({ preset: 'gone' })).toMatchObject({ ok: false, code: 'invalid' });
    expect(await start({ preset: 7 })).toMatchObject({ ok: false, code: 'invalid' });
    expect((await host.api.listStories()).length).toBe(before);
    expect(await started({ preset: 'ruled', approvePresetRules: true })).toEqual({
      style: 'WORLD style.',
      preset: 'ruled',
    });
  });
});
