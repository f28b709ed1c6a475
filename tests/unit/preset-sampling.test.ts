// A preset's sampling in a story: copied into the story's settings when applied (filling only what
// the story has not set), kept on a switch, copied again on a re-apply, left on removal, compared by
// the status; and what each operation's request carries: the helpers their own temperatures, the
// actor the story's temperature and top_p.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { putPreset } from '../../src/driver/doc/library-presets.ts';
import { readStorySampling, updateSettings } from '../../src/driver/doc/story-doc.ts';
import { applyPreset, reapplyPreset, removeStoryPreset } from '../../src/driver/presets/apply.ts';
import { presetStatus } from '../../src/driver/presets/status.ts';
import { PROJECTOR_TEMPERATURE, SELECTOR_TEMPERATURE } from '../../src/driver/turns/sampling.ts';
import { authorTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { kindOf, makeEnv, chronicleAnswer, completeBackground } from '../support/driver-env.ts';
import { USER, isoAt, makeStory, type StoryFixture } from '../support/story-fixture.ts';

const STYLE = new Map([['en/roleplay/style', 'Write hard-boiled noir in ${language}.']]);
const OTHER = new Map([['en/roleplay/style', 'Write gentle pastoral prose in ${language}.']]);

function setup() {
  const library = new Y.Doc();
  putPreset(library, {
    id: 'noir',
    title: 'Noir',
    sampling: { master: 0.7, characters: 1.1, topP: 0.9 },
    prompts: STYLE,
  });
  putPreset(library, {
    id: 'pastoral',
    title: 'Pastoral',
    sampling: { characters: 0.3, topP: 0.5 },
    prompts: OTHER,
  });
  return { library, story: makeStory() };
}

/** The story matches its preset on both sides, sampling included. */
function expectCurrent(library: Y.Doc, story: StoryFixture): void {
  expect(presetStatus(library, story.doc)).toMatchObject({
    status: 'current',
    sampling: { editedInStory: [], changedInLibrary: [] },
  });
}

function plausible(request: ChatRequest): string {
  switch (kindOf(request)) {
    case 'selector':
      return JSON.stringify({ next: 'Jane' });
    case 'project':
      return 'You hear footsteps nearby.';
    case 'batch': {
      const names = request.response_format?.json_schema.schema.required as string[];
      return JSON.stringify(Object.fromEntries(names.map((x) => [x, 'You hear footsteps nearby.'])));
    }
    case 'chronicle':
      return chronicleAnswer(request, 0);
    case 'actor':
      return 'I step forward and wave.';
  }
}

/**
 * Plays a user turn and an automatic one with the env the worker builds from the story's document,
 * then the background (the views that did not have to wait), which asks with the same env.
 */
async function play(story: StoryFixture) {
  const env = makeEnv(plausible, { sampling: readStorySampling(story.doc) });
  expect(await authorTurn(story, env, USER, 'I knock on the gate.')).toMatchObject({ ok: true });
  expect(await takeTurn(story, env, { auto: true })).toMatchObject({ ok: true });
  expect(await completeBackground(story, env)).toMatchObject({ ok: true });
  const sampling = (kind: string) =>
    env.model.calls
      .filter((c) => kindOf(c) === kind)
      .map(({ temperature, top_p }) => ({ temperature, top_p }));
  return { selector: sampling('selector'), project: sampling('project'), actor: sampling('actor') };
}

describe('[R10] the sampling of each operation', () => {
  it("a preset's temperature and top_p reach the actor's request; the helpers keep their own", async () => {
    const { library, story } = setup();
    expect(applyPreset(library, story.doc, 'noir', isoAt(10))).toEqual({ ok: true });
    const requests = await play(story);
    expect(requests.actor).toEqual([{ temperature: 1.1, top_p: 0.9 }]);
    expect(requests.selector).toEqual([{ temperature: SELECTOR_TEMPERATURE, top_p: undefined }]);
    // The preset's master temperature (0.7) drives nothing: the projector is a faithful filter.
    expect(requests.project.length).toBeGreaterThan(0);
    for (const p of requests.project)
      expect(p).toEqual({ temperature: PROJECTOR_TEMPERATURE, top_p: undefined });
  });

  it('a batched projection carries the projector’s helper temperature too', async () => {
    const { library, story } = setup();
    applyPreset(library, story.doc, 'noir', isoAt(10));
    updateSettings(story.doc, { batchReprojection: true });
    const env = makeEnv(plausible, { sampling: readStorySampling(story.doc) });
    expect(await authorTurn(story, env, USER, 'I knock on the gate.')).toMatchObject({ ok: true });
    // A user's turn: every other audience's view is the background's, one batch.
    expect(await completeBackground(story, env)).toMatchObject({ ok: true });
    const batch = env.model.calls.filter((c) => kindOf(c) === 'batch');
    expect(batch.map((c) => [c.temperature, c.top_p])).toEqual([[PROJECTOR_TEMPERATURE, undefined]]);
  });

  it('a story without sampling of its own leaves the actor to the backend’s defaults', async () => {
    const { story } = setup();
    const requests = await play(story);
    expect(requests.actor).toEqual([{ temperature: undefined, top_p: undefined }]);
    expect(requests.project[0]).toEqual({ temperature: PROJECTOR_TEMPERATURE, top_p: undefined });
  });
});

describe("[R9] a preset's sampling is copied into the story", () => {
  it('a library edit after applying never changes the request; the status shows the difference', async () => {
    const { library, story } = setup();
    applyPreset(library, story.doc, 'noir', isoAt(10));
    putPreset(library, { id: 'noir', title: 'Noir', sampling: { characters: 1.6, topP: 0.9 } });
    expect((await play(story)).actor).toEqual([{ temperature: 1.1, top_p: 0.9 }]);
    expect(presetStatus(library, story.doc)).toMatchObject({
      status: 'changed-in-library',
      changedInLibrary: [],
      sampling: {
        editedInStory: [],
        changedInLibrary: [{ setting: 'actorTemperature', was: 1.1, now: 1.6 }],
      },
    });
  });

  it('the first preset fills only the settings the story has not set', () => {
    const { library, story } = setup();
    updateSettings(story.doc, { actorTemperature: 0.6 });
    applyPreset(library, story.doc, 'noir', isoAt(10));
    expect(readStorySampling(story.doc)).toEqual({ actorTemperature: 0.6, actorTopP: 0.9 });
    expectCurrent(library, story);
  });

  it("switching to another preset keeps the story's sampling", () => {
    const { library, story } = setup();
    applyPreset(library, story.doc, 'noir', isoAt(10));
    expect(applyPreset(library, story.doc, 'pastoral', isoAt(20))).toEqual({ ok: true });
    expect(readStorySampling(story.doc)).toEqual({ actorTemperature: 1.1, actorTopP: 0.9 });
    expectCurrent(library, story);
    expect(presetStatus(library, story.doc)).toMatchObject({ presetId: 'pastoral' });
  });

  it("a story's change shows as edited in the story; re-applying copies the library's over it", () => {
    const { library, story } = setup();
    applyPreset(library, story.doc, 'noir', isoAt(10));
    updateSettings(story.doc, { actorTemperature: 0.4 });
    putPreset(library, { id: 'noir', title: 'Noir', sampling: { characters: 1.5, topP: 0.9 } });
    expect(presetStatus(library, story.doc)).toMatchObject({
      status: 'edited-in-story',
      sampling: {
        editedInStory: [{ setting: 'actorTemperature', was: 1.1, now: 0.4 }],
        changedInLibrary: [{ setting: 'actorTemperature', was: 1.1, now: 1.5 }],
      },
    });
    expect(reapplyPreset(library, story.doc, isoAt(20))).toEqual({ ok: true });
    expect(readStorySampling(story.doc)).toEqual({ actorTemperature: 1.5, actorTopP: 0.9 });
    expectCurrent(library, story);
  });

  it('a setting the preset does not suggest is the story’s own: changing it is no edit of the preset', () => {
    const { library, story } = setup();
    putPreset(library, { id: 'plain', title: 'Plain', sampling: { characters: 0.8 }, prompts: STYLE });
    applyPreset(library, story.doc, 'plain', isoAt(10));
    updateSettings(story.doc, { actorTopP: 0.7 });
    expectCurrent(library, story);
  });

  it('removing the preset leaves the story’s sampling', () => {
    const { library, story } = setup();
    applyPreset(library, story.doc, 'noir', isoAt(10));
    expect(removeStoryPreset(story.doc, isoAt(20))).toEqual({ ok: true });
    expect(readStorySampling(story.doc)).toEqual({ actorTemperature: 1.1, actorTopP: 0.9 });
  });
});
