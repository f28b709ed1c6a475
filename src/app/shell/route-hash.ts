// Which screen is shown, kept in the location hash so a reload (or the back button) returns to it:
// `#/` is the library, `#/stories/<id>` a story, `#/prompts` the prompts and presets (of the library,
// or `#/prompts/<story id>` of one story), `#/worlds` and `#/lorebooks` the library's worlds and
// lorebooks (`#/worlds/<id>`, `#/lorebooks/<id>`: the one being edited). Plain functions, no Solid:
// story-preload.ts reads the route before the app's code has loaded.

export type Route =
  | { screen: 'library' }
  | { screen: 'story'; storyId: string }
  | { screen: 'prompts'; storyId?: string }
  | { screen: 'worlds'; worldId?: string }
  | { screen: 'lorebooks'; bookId?: string };

const STORY_PREFIX = '#/stories/';
const PROMPTS = '#/prompts';
const WORLDS = '#/worlds';
const LOREBOOKS = '#/lorebooks';

/** The id after `prefix/` in `hash`: undefined when the hash is the bare prefix, null when it is another route. */
function idAfter(hash: string, prefix: string): string | undefined | null {
  if (hash === prefix) return undefined;
  if (!hash.startsWith(`${prefix}/`)) return null;
  return decodeURIComponent(hash.slice(prefix.length + 1)) || undefined;
}

export function parseRoute(hash: string): Route {
  const prompts = idAfter(hash, PROMPTS);
  if (prompts !== null) return prompts ? { screen: 'prompts', storyId: prompts } : { screen: 'prompts' };
  const world = idAfter(hash, WORLDS);
  if (world !== null) return world ? { screen: 'worlds', worldId: world } : { screen: 'worlds' };
  const book = idAfter(hash, LOREBOOKS);
  if (book !== null) return book ? { screen: 'lorebooks', bookId: book } : { screen: 'lorebooks' };
  if (hash.startsWith(STORY_PREFIX)) {
    const storyId = decodeURIComponent(hash.slice(STORY_PREFIX.length));
    if (storyId) return { screen: 'story', storyId };
  }
  return { screen: 'library' };
}

const withId = (prefix: string, id: string | undefined): string =>
  id ? `${prefix}/${encodeURIComponent(id)}` : prefix;

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'story':
      return STORY_PREFIX + encodeURIComponent(route.storyId);
    case 'prompts':
      return withId(PROMPTS, route.storyId);
    case 'worlds':
      return withId(WORLDS, route.worldId);
    case 'lorebooks':
      return withId(LOREBOOKS, route.bookId);
    case 'library':
      return '#/';
    default:
      return route satisfies never;
  }
}

export function navigate(route: Route): void {
  window.location.hash = routeHash(route);
}
