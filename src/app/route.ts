// Which screen is shown, kept in the location hash so a reload (or the back button) returns to it:
// `#/` is the library, `#/stories/<id>` a story.
import { createSignal, onCleanup, type Accessor } from 'solid-js';

export type Route = { screen: 'library' } | { screen: 'story'; storyId: string };

const STORY_PREFIX = '#/stories/';

export function parseRoute(hash: string): Route {
  if (hash.startsWith(STORY_PREFIX)) {
    const storyId = decodeURIComponent(hash.slice(STORY_PREFIX.length));
    if (storyId) return { screen: 'story', storyId };
  }
  return { screen: 'library' };
}

export function routeHash(route: Route): string {
  return route.screen === 'story' ? STORY_PREFIX + encodeURIComponent(route.storyId) : '#/';
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
