// Prompt edits and presets through the worker: a library edit reaches the next request, a story
// override wins over it, restoring brings back the layer below, a bad edit is listed and refused at
// use naming its file, and a SillyTavern preset imports and applies.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import { putPreset } from '../../src/driver/doc/library-presets.ts';
import { PROJECTOR_TEMPERATURE } from '../../src/driver/turns/sampling.ts';
import { bodyKind, isFor } from '../support/body-kinds.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function answer(body: ChatBody): string {
  if (bodyKind(body) === 'project') return 'You see Jane lift her lantern.';
  return 'I lift my lantern.';
}

async function setup(): Promise<{ server: OpenAIServer; host: HostHarness; storyId: string; jane: string }> {
  const server = await startOpenAIServer({ answer });
  const host = await startHost(server);
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  const storyId = await newStory(host.api);
  const opened = await host.api.openStory(storyId);
  if (!opened.ok) throw new Error(opened.detail);
  return { server, host, storyId, jane: opened.story.participants.find((p) => p.name === 'Jane')?.id ?? '' };
}

/** Imports the SillyTavern fixture (temperature 0.85, top_p 0.92) into the library. */
async function importNightMarket(host: HostHarness) {
  const json = JSON.parse(readFileSync('tests/fixtures/sillytavern/night-market.json', 'utf8'));
  const imported = await host.api.importSillyTavernPreset(json, {
    title: 'Night market',
    reportLanguage: 'en',
  });
  if (!imported.ok) throw new Error(imported.detail);
  return imported;
}

const lastActorTask = (server: OpenAIServer) =>
  server.requests
    .filter((r) => isFor(r.body, 'actor', 'Jane'))
    .at(-1)
    ?.body.messages.at(-1)?.content;

describe('prompts through the worker', () => {
  it('[R1] shipped → library edit → story override; restoring brings back the layer below', async () => {
    const { server, host, storyId, jane } = await setup();
    const path = 'en/roleplay/actor-task';
    await host.api.setPrompt({ kind: 'library' }, path, 'LIBRARY-EDIT: go on, ${name}.');
    await host.api.act(storyId, { actor: jane });
    expect(lastActorTask(server)).toBe('LIBRARY-EDIT: go on, Jane.');
    await host.api.setPrompt({ kind: 'story', storyId }, path, 'STORY-EDIT: your move, ${name}.');
    const listed = await host.api.listPrompts('en', storyId);
    const entry = listed.ok ? listed.prompts.find((p) => p.path === path) : undefined;
    expect(entry).toMatchObject({
      from: 'story',
      library: 'LIBRARY-EDIT: go on, ${name}.',
      text: 'STORY-EDIT: your move, ${name}.',
    });
    await host.api.act(storyId, { actor: jane });
    expect(lastActorTask(server)).toBe('STORY-EDIT: your move, Jane.');
    await host.api.restorePrompt({ kind: 'story', storyId }, path);
    await host.api.act(storyId, { actor: jane });
    expect(lastActorTask(server)).toBe('LIBRARY-EDIT: go on, Jane.');
    await host.api.restorePrompt({ kind: 'library' }, path);
    await host.api.act(storyId, { actor: jane });
    expect(lastActorTask(server)).toMatch(/^It is your turn, Jane\./);
  });

  it('[R2] an edit with an unknown variable is listed, and using it fails naming the file and the variable', async () => {
    const { server, host, storyId, jane } = await setup();
    await host.api.setPrompt({ kind: 'library' }, 'en/roleplay/actor-task', 'Go, ${name}, ${mood}.');
    const listed = await host.api.listPrompts('en');
    expect(listed.ok && listed.problems).toEqual([
      expect.objectContaining({
        path: 'en/roleplay/actor-task',
        layer: 'library',
        reason: expect.stringMatching(/\$\{mood\}/),
      }),
    ]);
    const before = server.requests.length;
    const r = await host.api.act(storyId, { actor: jane });
    expect(!r.ok && r.code).toBe('prompt');
    expect(!r.ok && r.detail).toMatch(/prompts\/en\/roleplay\/actor-task\.md: unknown variable \$\{mood\}/);
    expect(server.requests.length).toBe(before);
  });

  it('[R5] a SillyTavern preset imports, applies to a story and shapes its requests', async () => {
    const { server, host, storyId, jane } = await setup();
    const imported = await importNightMarket(host);
    expect(imported.report.mapped.length).toBeGreaterThan(0);
    expect(JSON.stringify(await host.api.listPresets())).not.toMatch(/proxy_password|hunter2/);
    expect((await host.api.applyPreset(storyId, imported.presetId)).ok).toBe(true);
    const status = await host.api.storyPreset(storyId);
    expect(status.ok && status.preset.status).toBe('current');
    const listed = await host.api.listPrompts('en', storyId);
    const style = listed.ok ? listed.prompts.find((p) => p.id === 'roleplay/style') : undefined;
    expect(style?.from).toBe('story');
    // The same prose went into the Chinese folder too, so a Chinese story would use it as well.
    const zh = await host.api.listPrompts('zh', storyId);
    expect(zh.ok && zh.prompts.find((p) => p.id === 'roleplay/style')?.from).toBe('story');
    const acted = await host.api.act(storyId, { actor: jane });
    expect(acted.ok, JSON.stringify(acted)).toBe(true);
    const system = server.requests.filter((r) => isFor(r.body, 'actor', 'Jane')).at(-1)?.body
      .messages[0]?.content;
    expect(system).toContain((style?.text ?? '').slice(0, 40));
    expect((await host.api.removeStoryPreset(storyId)).ok).toBe(true);
    const after = await host.api.storyPreset(storyId);
    expect(after.ok && after.preset.status).toBe('none');
  });

  it("[R9][R10] a preset's sampling is the story's: the actor's requests carry it, a later library edit does not", async () => {
    const { server, host, storyId, jane } = await setup();
    const imported = await importNightMarket(host);
    expect((await host.api.applyPreset(storyId, imported.presetId)).ok).toBe(true);
    const sampled = () => {
      const last = (which: (body: ChatBody) => boolean) =>
        server.requests.filter((r) => which(r.body)).at(-1)?.body;
      const actor = last((body) => isFor(body, 'actor', 'Jane'));
      const projector = last((body) => bodyKind(body) === 'project');
      return {
        actor: [actor?.temperature, actor?.top_p],
        projector: [projector?.temperature, projector?.top_p],
      };
    };
    expect((await host.api.act(storyId, { actor: jane })).ok).toBe(true);
    // The fixture's temperature 0.85 and top_p 0.92; the projector keeps its own.
    expect(sampled()).toEqual({ actor: [0.85, 0.92], projector: [PROJECTOR_TEMPERATURE, undefined] });

    putPreset(host.store.library, {
      id: imported.presetId,
      title: 'Night market',
      sampling: { characters: 1.4 },
    });
    expect((await host.api.act(storyId, { actor: jane })).ok).toBe(true);
    expect(sampled().actor).toEqual([0.85, 0.92]);
    const status = await host.api.storyPreset(storyId);
    expect(status.ok && status.preset).toMatchObject({
      status: 'changed-in-library',
      sampling: {
        changedInLibrary: [
          { setting: 'actorTemperature', was: 0.85, now: 1.4 },
          { setting: 'actorTopP', was: 0.92, now: null },
        ],
      },
    });

    expect((await host.api.reapplyPreset(storyId)).ok).toBe(true);
    expect((await host.api.act(storyId, { actor: jane })).ok).toBe(true);
    expect(sampled().actor).toEqual([1.4, 0.92]);
  });
});
