// Exporting a story from the library waits for its background to finish writing (the worker's
// exportStory does): the item says so while it waits, and after, how many perceptions the file goes
// without when some could not be written. Deleting stops the story's work first rather than wait.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent } from 'solid-js';
import { StoryItem } from '../../src/app/library/story-item.tsx';
import type { DriverApi, StoryJson, StorySummary } from '../../src/workers/api.ts';
import { createFakeDriver } from './fake-driver.ts';
import { mountOver } from './driver-mount.ts';

type Exported = Awaited<ReturnType<DriverApi['exportStory']>>;

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const SUMMARY: StorySummary = {
  id: 's1',
  title: 'The Lantern',
  createdAt: '2025-01-01T10:00:00.000Z',
  lastActivity: '2025-01-02T10:00:00.000Z',
  participants: ['Sam', 'Jane'],
  turns: 4,
};
const STORY = { title: 'The Lantern' } as unknown as StoryJson;

/** Files offered for download: the link's click is caught, so the test page does not save them. */
function downloads(): string[] {
  const names: string[] = [];
  const catchLink = (event: MouseEvent): void => {
    const link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !link.download) return;
    event.preventDefault();
    names.push(link.download);
  };
  document.addEventListener('click', catchLink, true);
  cleanups.push(() => document.removeEventListener('click', catchLink, true));
  return names;
}

function mount() {
  const fake = createFakeDriver();
  let answer!: (result: Exported) => void;
  fake.handlers.exportStory = () => new Promise((resolve) => (answer = resolve));
  const { host, dispose } = mountOver(fake, () =>
    createComponent(StoryItem, { story: SUMMARY, sharedTitle: false }),
  );
  cleanups.push(dispose);
  const button = (name: string) =>
    [...host.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
  const note = () => host.querySelector('.story-export-note')?.textContent ?? '';
  return { fake, host, button, note, answer: (result: Exported) => answer(result) };
}

describe('exporting a story whose background is writing', () => {
  it('says it waits for the background, then how many perceptions the file lacks', async () => {
    const saved = downloads();
    const { fake, button, note, answer } = mount();
    fake.push({ kind: 'background', storyId: 's1', pending: 3, running: true });
    button('Export').click();
    await expect.poll(note).toBe('Waiting for the story to finish writing what its participants perceived…');
    expect(button('Export').getAttribute('aria-disabled')).toBe('true');
    // The background stopped on a failure with 2 left: the file goes without them.
    fake.push({
      kind: 'background',
      storyId: 's1',
      pending: 2,
      running: false,
      failure: 'The server refused.',
    });
    answer({ ok: true, story: STORY, unwritten: 2 });
    await expect
      .poll(note)
      .toBe(
        'The file lacks 2 perceptions that could not be written: the model failed, or their writing was stopped. Open the story to write them, then export again.',
      );
    expect(saved).toEqual(['The-Lantern.json']);
    expect(button('Export').getAttribute('aria-disabled')).toBe('false');
  });

  it('says nothing more of an export that lacks nothing, and waits silently when nothing runs', async () => {
    const saved = downloads();
    const { button, note, answer } = mount();
    button('Export').click();
    // Not running: the worker answers at once; nothing to say while it does.
    expect(note()).toBe('');
    answer({ ok: true, story: STORY, unwritten: 0 });
    await expect.poll(() => saved).toEqual(['The-Lantern.json']);
    expect(note()).toBe('');
  });

  it('stops what the story is writing before keeping its copy for Undo and deleting it', async () => {
    const { fake, button, answer } = mount();
    fake.handlers.cancel = async () => {};
    fake.handlers.deleteStory = async () => ({ ok: true });
    button('Delete').click();
    button('Delete for good').click();
    await expect.poll(() => fake.calls.map(([name]) => name)).toContain('exportStory');
    answer({ ok: true, story: STORY, unwritten: 1 });
    await expect.poll(() => fake.calls.map(([name]) => name)).toContain('deleteStory');
    const order = fake.calls
      .map(([name]) => name)
      .filter((n) => ['cancel', 'exportStory', 'deleteStory'].includes(n));
    expect(order).toEqual(['cancel', 'exportStory', 'deleteStory']);
  });
});
