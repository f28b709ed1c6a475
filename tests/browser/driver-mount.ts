// Mounting the app's parts over a fake driver (fake-driver.ts), as the shell mounts them over the
// worker: a story's state in a root of its own, or components rendered into the page.
import { createComponent, createRoot, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { createClientFor, DriverProvider } from '../../src/app/shell/driver-client.ts';
import { createStoryState, type StoryState } from '../../src/app/story/story-state.ts';
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
