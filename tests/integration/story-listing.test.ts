// The story list follows the stories: a story created or imported is listed with the turns on its
// active path, and a change to an open story (a turn sent) makes it the last played, recounted.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../support/openai-server.ts';
import { newStory, startHost } from '../support/host-harness.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function host() {
  const server = await startOpenAIServer({ answer: () => 'You hear a knock.' });
  cleanups.push(() => server.close());
  const started = await startHost(server);
  cleanups.push(() => started.close());
  return started;
}

describe('the story list', () => {
  it('lists a story with the turns on its active path, and an imported copy with as many', async () => {
    const { api } = await host();
    const storyId = await newStory(api);
    for (const text of ['I knock on the gate.', 'I knock again.']) {
      const sent = await api.send(storyId, { next: null, text });
      expect(sent.ok, JSON.stringify(sent)).toBe(true);
    }
    const exported = await api.exportStory(storyId);
    if (!exported.ok) throw new Error(exported.detail);
    const copy = await api.importStory({ ...exported.story, title: 'Night watch again' });
    expect(copy.ok).toBe(true);
    expect((await api.listStories()).map((s) => [s.title, s.turns])).toEqual([
      ['Night watch again', 2],
      ['Night watch', 2],
    ]);
  });

  it('makes a story played the last played, with its new turn count', async () => {
    const { api, events } = await host();
    const played = await newStory(api);
    const other = await newStory(api);
    // Made a moment apart: which is first is not the point yet.
    expect(new Map((await api.listStories()).map((s) => [s.id, s.turns]))).toEqual(
      new Map([
        [played, 0],
        [other, 0],
      ]),
    );
    const listedBefore = events.filter((e) => e.kind === 'library-changed').length;
    const sent = await api.send(played, { next: null, text: 'I knock on the gate.' });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    expect((await api.listStories()).map((s) => [s.id, s.turns])).toEqual([
      [played, 1],
      [other, 0],
    ]);
    expect(events.filter((e) => e.kind === 'library-changed').length).toBeGreaterThan(listedBefore);
  });
});
