// The route as Solid state: the screen the location hash names (route-hash.ts), followed as it changes.
import { createSignal, onCleanup, type Accessor } from 'solid-js';
import { parseRoute, routeHash, type Route } from './route-hash.ts';

export * from './route-hash.ts';

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
