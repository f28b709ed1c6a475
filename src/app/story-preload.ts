// The first script index.html runs: on a story's URL, the story screen's code starts loading now,
// beside the app's entry, instead of once the entry has run and rendered (a reload on a story paints
// its last screen as soon as both are in). Anywhere else it does nothing: the library loads as before.
import { parseRoute } from './shell/route-hash.ts';

// A chunk that fails to load here is loaded again, and its failure shown, by the app's lazy screen.
if (parseRoute(window.location.hash).screen === 'story') import('./story/story-screen.tsx').catch(() => {});
