// What the wait is (issue 32, item 4), over a scripted driver: the acting character's words counted as
// its tokens come, "what you perceive" while the user's own view streams, the story's background
// shown quietly (its count, its failure with Retry) without holding Send, the missing-perceptions
// banner only for what nothing is writing, and a perception not written yet said to be on its way
// while the background runs.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent, createMemo, untrack, type JSX } from 'solid-js';
import { createStoryState, type StoryState } from '../../src/app/story/story-state.ts';
import { PhaseStatus } from '../../src/app/story/phase-status.tsx';
import { Composer } from '../../src/app/story/composer.tsx';
import { BACKGROUND_START_MS } from '../../src/app/story/missing-views-banner.tsx';
import type { DriverEvent } from '../../src/workers/api.ts';
import { createFakeDriver, JANE_ID, row, USER_ID } from './fake-driver.ts';
import { mountOver, mountTranscript } from './driver-mount.ts';

type Fake = ReturnType<typeof createFakeDriver>;

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

/** Story s1's state over `fake`, with `view` of it rendered once its overview is in. */
async function mountStory(
  fake: Fake,
  view: (story: StoryState) => JSX.Element,
): Promise<{ host: HTMLElement; story: StoryState }> {
  // The composer's scene options read the story's world.
  fake.handlers.storyWorld = async () => ({ ok: false, code: 'not-found', detail: 'No world.' });
  let story!: StoryState;
  const { host, dispose } = mountOver(fake, () => {
    story = createStoryState('s1');
    const opened = createMemo(() => story.overview() !== undefined);
    return createMemo(() => (opened() ? untrack(() => view(story)) : null)) as unknown as JSX.Element;
  });
  cleanups.push(dispose);
  await expect.poll(() => story.overview()).toBeDefined();
  return { host, story };
}

const status = (host: HTMLElement): HTMLElement => host.querySelector('.phase-status') as HTMLElement;
/** What the status region says to a screen reader: its text without the parts hidden from it. */
function announced(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').trim();
}

const acting = (actor: string): DriverEvent => ({
  kind: 'phase',
  storyId: 's1',
  phase: { kind: 'acting', actor },
});
const actorTokens = (text: string, attempt = 0): DriverEvent => ({
  kind: 'tokens',
  storyId: 's1',
  op: 'actor',
  actor: JANE_ID,
  attempt,
  text,
});
const background = (work: { pending: number; running: boolean; failure?: string }): DriverEvent => ({
  kind: 'background',
  storyId: 's1',
  ...work,
});

describe('what the wait is', () => {
  it('counts the acting character’s words as its tokens come: a word split between pieces once, each Han character one', async () => {
    const fake = createFakeDriver();
    const { host } = await mountStory(fake, (story) => createComponent(PhaseStatus, { story }));
    fake.push(acting(JANE_ID));
    expect(status(host).textContent).toBe('Jane is acting…');
    fake.push(actorTokens('I lift the lan'));
    expect(status(host).textContent).toBe('Jane is writing… 4 words');
    fake.push(actorTokens('tern, and don’t '));
    expect(status(host).textContent).toBe('Jane is writing… 6 words');
    fake.push(actorTokens('wait.'));
    expect(status(host).textContent).toBe('Jane is writing… 7 words');
    // The count is shown, not announced with every piece; the character's text itself is never shown.
    expect(announced(status(host))).toBe('Jane is writing…');
    expect(host.textContent).not.toContain('lantern');
    // A retry after a refused answer counts its own words only.
    fake.push(actorTokens('No.', 1));
    expect(status(host).textContent).toBe('Jane is writing… 1 word');
    // The next turn starts from nothing; Chinese is counted by its characters.
    fake.push(acting(JANE_ID));
    expect(status(host).textContent).toBe('Jane is acting…');
    fake.push(actorTokens('我举起灯'));
    fake.push(actorTokens('笼，说 OK。'));
    expect(status(host).textContent).toBe('Jane is writing… 7 words');
  });

  it('says "what you perceive" while the user’s own view streams, and names the others otherwise', async () => {
    const fake = createFakeDriver();
    const { host } = await mountStory(fake, (story) => createComponent(PhaseStatus, { story }));
    const projecting = (audiences: string[]) =>
      fake.push({ kind: 'phase', storyId: 's1', phase: { kind: 'projecting', turnId: 't2', audiences } });
    projecting([USER_ID]);
    expect(status(host).textContent).toBe('Writing what you perceive…');
    projecting([JANE_ID]);
    expect(status(host).textContent).toBe('Writing what Jane perceived…');
    projecting([JANE_ID, USER_ID]);
    expect(status(host).textContent).toBe('Writing what you perceive…');
  });

  it('shows the background quietly with what is left and a Pause, gives way to a command, and its failure offers Retry', async () => {
    const fake = createFakeDriver();
    fake.handlers.resumeBackground = async () => {};
    fake.handlers.cancel = async () => {};
    const { host, story } = await mountStory(fake, (s) => createComponent(PhaseStatus, { story: s }));
    fake.push(background({ pending: 3, running: true }));
    expect(status(host).textContent).toBe('Writing the rest of the perceptions (3 left)… Pause');
    // Not announced: the count changes with every perception written; the button is there to reach.
    expect(announced(status(host))).toBe('Pause');
    fake.push(background({ pending: 2, running: true }));
    expect(status(host).textContent).toBe('Writing the rest of the perceptions (2 left)… Pause');
    // Pause stops it until the next command (the worker's cancel holds the background).
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Pause')?.click();
    expect(fake.calls.filter(([name]) => name === 'cancel')).toEqual([['cancel', ['s1']]]);
    expect(story.generating()).toBe(false);
    // A command's phase says what happens while it runs.
    fake.push(acting(JANE_ID));
    expect(status(host).textContent).toBe('Jane is acting…');
    fake.push({ kind: 'phase', storyId: 's1', phase: null });
    fake.push(
      background({ pending: 2, running: false, failure: 'Nothing answers at http://127.0.0.1:9/v1.' }),
    );
    expect(status(host).textContent).toBe(
      'Writing the rest of the perceptions stopped: Nothing answers at http://127.0.0.1:9/v1. Retry',
    );
    expect(announced(status(host))).toContain('stopped');
    const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    retry?.click();
    expect(fake.calls.filter(([name]) => name === 'resumeBackground')).toEqual([
      ['resumeBackground', ['s1']],
    ]);
    fake.push(background({ pending: 0, running: false }));
    expect(status(host).textContent).toBe('');
  });

  it('keeps Send enabled while only the background runs: the turn is sent at once', async () => {
    const fake = createFakeDriver();
    const { host, story } = await mountStory(fake, (s) =>
      createComponent(Composer, { story: s, onRemember: () => {} }),
    );
    fake.push(background({ pending: 4, running: true }));
    expect(story.generating()).toBe(false);
    const send = [...host.querySelectorAll('button')].find(
      (b) => b.textContent === 'Send',
    ) as HTMLButtonElement;
    expect(send.getAttribute('aria-disabled')).toBe('false');
    const box = host.querySelector('textarea') as HTMLTextAreaElement;
    box.value = 'Hello?';
    box.dispatchEvent(new InputEvent('input', { bubbles: true }));
    send.click();
    await expect.poll(() => fake.calls.filter(([name]) => name === 'send').length).toBe(1);
    // While a command runs, Send waits.
    fake.push(acting(JANE_ID));
    expect(send.getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the missing-perceptions banner only for a backlog nothing is writing', async () => {
    const fake = createFakeDriver();
    fake.handlers.transcript = async () => ({
      ok: true,
      rows: [row('t1', { text: 'Hello?' })],
      length: 1,
      notHere: 0,
      stale: null,
      missing: 5,
    });
    const { host, story } = await mountStory(fake, (s) =>
      createComponent(Composer, { story: s, onRemember: () => {} }),
    );
    fake.push(background({ pending: 5, running: true }));
    const banner = () => host.querySelector('.missing-banner');
    await expect.poll(() => story.missing()).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, BACKGROUND_START_MS + 200));
    expect(banner()).toBeNull();
    // Stopped by a failure: its own line offers Retry, not this banner.
    fake.push(background({ pending: 5, running: false, failure: 'The server refused.' }));
    await new Promise((resolve) => setTimeout(resolve, BACKGROUND_START_MS + 200));
    expect(banner()).toBeNull();
    // Held (Cancel), or a backlog too large to start on open: nothing writes them, the banner says so.
    fake.push(background({ pending: 5, running: false }));
    await expect.poll(() => banner()?.textContent).toContain('5 perceptions are not written yet');
    fake.push(background({ pending: 5, running: true }));
    expect(banner()).toBeNull();
  });

  it('says a perception not written yet is on its way while the background runs', async () => {
    const fake = createFakeDriver();
    fake.rows = [row('t1', { kind: 'missing', author: JANE_ID, authorName: 'Jane' })];
    const { host, dispose } = mountTranscript(fake);
    cleanups.push(dispose);
    const text = () => host.querySelector('li[data-turn-id="t1"]')?.textContent ?? '';
    await expect.poll(text).toContain('was not written');
    fake.push(background({ pending: 1, running: true }));
    await expect.poll(text).toContain('What you perceived of this turn is still being written.');
  });
});
