// Mounting the app's parts over a fake driver (fake-driver.ts), as the shell mounts them over the
// worker: a story's state in a root of its own, or components rendered into the page.
import { createComponent, createMemo, createRoot, untrack, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { createClientFor, DriverProvider } from '../../src/app/shell/driver-client.ts';
import { createStoryState, type StoryState } from '../../src/app/story/story-state.ts';
import { TranscriptView } from '../../src/app/story/transcript/transcript-view.tsx';
import type { FakeDriver } from './fake-driver.ts';

/** Story `storyId`'s state over `fake`; `dispose` ends it. */
export function storyStateOver(fake: FakeDriver, storyId = 's1'): { state: StoryState; dispose: () => void } {
  let state!: StoryState;
  const dispose = createRoot((dispose) => {
    createComponent(DriverProvider, {
      client: createClientFor(fake.api),
      get children() {
        state = createStoryState(storyId);
        return null;
      },
    });
    return dispose;
  });
  return { state, dispose };
}

/** Renders `children` over `fake` into a new element of the page; `dispose` removes it. */
export function mountOver(
  fake: FakeDriver,
  children: () => JSX.Element,
): { host: HTMLElement; dispose: () => void } {
  const host = document.createElement('div');
  document.body.append(host);
  const unmount = render(
    () =>
      createComponent(DriverProvider, {
        client: createClientFor(fake.api),
        get children() {
          return children();
        },
      }),
    host,
  );
  return {
    host,
    dispose: () => {
      unmount();
      host.remove();
    },
  };
}

/** Chooses `file` in the first file input under `host`, as the person does. */
export function chooseFile(host: HTMLElement, file: File): void {
  const input = host.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const data = new DataTransfer();
  data.items.add(file);
  input.files = data.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Story s1's transcript over `fake`, shown as the story screen shows it: once the story's overview is
 * in. `dispose` removes it.
 */
export function mountTranscript(fake: FakeDriver): { host: HTMLElement; dispose: () => void } {
  return mountOver(fake, () => {
    const story = createStoryState('s1');
    const opened = createMemo(() => story.overview() !== undefined);
    // A function child is inserted reactively, as <Show> would be (its typings want JSX).
    return createMemo(() =>
      opened() ? untrack(() => createComponent(TranscriptView, { story, onInspect: () => {} })) : null,
    ) as unknown as JSX.Element;
  });
}
