// Which screen is shown, kept in the location hash so a reload (or the back button) returns to it:
// `#/` is the library, `#/stories/<id>` a story, `#/prompts` the prompts and presets (of the library,
// or `#/prompts/<story id>` of one story).
import { createSignal, onCleanup, type Accessor } from 'solid-js';

export type Route =
  { screen: 'library' } | { screen: 'story'; storyId: string } | { screen: 'prompts'; storyId?: string };

const STORY_PREFIX = '#/stories/';
const PROMPTS = '#/prompts';

export function parseRoute(hash: string): Route {
  if (hash === PROMPTS) return { screen: 'prompts' };
  if (hash.startsWith(`${PROMPTS}/`)) {
    const storyId = decodeURIComponent(hash.slice(PROMPTS.length + 1));
    return storyId ? { screen: 'prompts', storyId } : { screen: 'prompts' };
  }
  if (hash.startsWith(STORY_PREFIX)) {
    const storyId = decodeURIComponent(hash.slice(STORY_PREFIX.length));
    if (storyId) return { screen: 'story', storyId };
  }
  return { screen: 'library' };
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'story':
      return STORY_PREFIX + encodeURIComponent(route.storyId);
    case 'prompts':
      return route.storyId ? `${PROMPTS}/${encodeURIComponent(route.storyId)}` : PROMPTS;
    case 'library':
      return '#/';
  }
}

export function navigate(route: Route): void {
  window.location.hash = routeHash(route);
}

/** The current route, following hash changes for the lifetime of the calling owner. */
export function createRoute(): Accessor<Route> {
  const [route, setRoute] = createSignal(parseRoute(window.location.hash), {
    equals: (a, b) => routeHash(a) === routeHash(b),
  });
  const update = (): void => void setRoute(parseRoute(window.location.hash));
  window.addEventListener('hashchange', update);
  onCleanup(() => window.removeEventListener('hashchange', update));
  return route;
}
