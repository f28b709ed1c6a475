// A join link never rebinds a story this device already has: joining sends the story's room, all of
// it, to the link's server, so a link naming one of the person's own stories (an id a collaborator
// knows, or an imported file's) and another server would move that story there. Such a join is
// refused, saying where the story syncs now; the same server (a new token) is still a join again. A
// story the synced library lists but this device has not downloaded yet is the person's all the same:
// the library says where it syncs (SV19).
import type { StoryEntry } from '../../driver/doc/library-doc.ts';
import type { SyncTarget } from './target.ts';

/** Where a story syncs now; undefined: with no server. */
export type CurrentRoute = Pick<SyncTarget, 'serverURL'> | undefined;

/**
 * What this device knows of the story a link names: nothing (a story to arrive), its content (`held`),
 * or only its library entry (`listed`, not downloaded yet); with where it syncs now.
 */
export type KnownStory = { kind: 'new' } | { kind: 'held' | 'listed'; current: CurrentRoute };

export type JoinCheck = { ok: true } | { ok: false; kind: 'held' | 'listed'; current: CurrentRoute };

/** One server, however its address is written (a trailing slash, the default port, letter case). */
export function sameServer(a: string, b: string): boolean {
  const normal = (url: string) => {
    try {
      return new URL(url).href.replace(/\/+$/, '');
    } catch {
      return url;
    }
  };
  return normal(a) === normal(b);
}

/**
 * Where the story a link names syncs, from what this device knows: joined here, it syncs with that
 * server; else a library entry joined from a collaborator's server names it (on whichever of the
 * person's devices joined it); else it is one of the person's own, syncing with the device's pairing.
 */
export function knownStory(facts: {
  held: boolean;
  entry: Pick<StoryEntry, 'joinedFrom'> | undefined;
  joined: CurrentRoute;
  own: CurrentRoute;
}): KnownStory {
  const { held, entry, joined, own } = facts;
  if (held) return { kind: 'held', current: joined ?? own };
  if (!entry) return { kind: 'new' };
  const listed = entry.joinedFrom === undefined ? own : { serverURL: entry.joinedFrom };
  return { kind: 'listed', current: joined ?? listed };
}

/** Whether a link may join `serverURL` to a story: always one new here, else only with its server. */
export function checkJoin(known: KnownStory, serverURL: string): JoinCheck {
  if (known.kind === 'new') return { ok: true };
  if (known.current && sameServer(known.current.serverURL, serverURL)) return { ok: true };
  return { ok: false, kind: known.kind, current: known.current };
}
