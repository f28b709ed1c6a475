// The actor's generation settings through the worker host (comlink, as the page calls it) against a
// real HTTP server speaking the OpenAI protocol: the request body carries the backend profile's
// temperature, top-p, stop strings and reply limit, and the story's own where it sets them.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost, testSettings, type HostHarness } from '../support/host-harness.ts';
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
  const settings = testSettings(server, {
    maxTokens: { actor: 321 },
    sampling: { temperature: 0.6, topP: 0.8, stop: ['\nSam:'] },
  });
  const host = await startHost(server, undefined, JSON.stringify(settings));
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  const storyId = await newStory(host.api);
  const opened = await host.api.openStory(storyId);
  if (!opened.ok) throw new Error(opened.detail);
  return { server, host, storyId, jane: opened.story.participants.find((p) => p.name === 'Jane')?.id ?? '' };
}

const last = (server: OpenAIServer, which: (body: ChatBody) => boolean) =>
  server.requests.filter((r) => which(r.body)).at(-1)?.body;
const janeActing = (body: ChatBody) => isFor(body, 'actor', 'Jane');
const projecting = (body: ChatBody) => bodyKind(body) === 'project';

const generation = (body: ChatBody | undefined) => ({
  temperature: body?.temperature,
  top_p: body?.['top_p'],
  stop: body?.['stop'],
  max_tokens: body?.['max_tokens'],
});

describe('generation settings in the actor request', () => {
  it('[R10] carries the backend profile’s settings when the story sets none; helpers keep theirs', async () => {
    const { server, host, storyId, jane } = await setup();
    const acted = await host.api.act(storyId, { actor: jane });
    expect(acted.ok, JSON.stringify(acted)).toBe(true);
    expect(generation(last(server, janeActing))).toEqual({
      temperature: 0.6,
      top_p: 0.8,
      stop: ['\nSam:'],
      max_tokens: 321,
    });
    const projector = last(server, projecting);
    expect(projector?.temperature).toBe(PROJECTOR_TEMPERATURE);
    expect(projector?.['stop']).toBeUndefined();
  });

  it('[R10] carries the story’s own settings over the backend’s', async () => {
    const { server, host, storyId, jane } = await setup();
    const updated = await host.api.updateStorySettings(storyId, {
      actorTemperature: 1.1,
      actorMaxTokens: 150,
      actorStop: ['THE END'],
    });
    expect(updated.ok).toBe(true);
    expect((await host.api.act(storyId, { actor: jane })).ok).toBe(true);
    expect(generation(last(server, janeActing))).toEqual({
      temperature: 1.1,
      top_p: 0.8,
      stop: ['THE END'],
      max_tokens: 150,
    });
  });

  it('[R10] unsets a story setting on null, keeps the ones left out, and refuses a value out of range', async () => {
    const { server, host, storyId, jane } = await setup();
    await host.api.setStoryGeneration(storyId, { actorTemperature: 1.3, actorStop: ['THE END'] });
    expect((await host.api.setStoryGeneration(storyId, { actorTemperature: null })).ok).toBe(true);
    const refused = await host.api.setStoryGeneration(storyId, { actorTopP: 5 });
    expect(refused).toMatchObject({ ok: false, code: 'invalid' });
    expect((await host.api.act(storyId, { actor: jane })).ok).toBe(true);
    expect(generation(last(server, janeActing))).toMatchObject({
      temperature: 0.6,
      top_p: 0.8,
      stop: ['THE END'],
    });
    const defaults = await host.api.generationDefaults(storyId);
    expect(defaults).toMatchObject({
      ok: true,
      defaults: {
        backend: { label: 'Local', temperature: 0.6, topP: 0.8, stop: ['\nSam:'], maxTokens: 321 },
      },
    });
  });
});
