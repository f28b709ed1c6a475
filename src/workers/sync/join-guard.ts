// A join link never rebinds a story this device already has: joining sends the story's room, all of
// it, to the link's server, so a link naming one of the person's own stories (an id a collaborator
// knows, or an imported file's) and another server would move that story there. Such a join is
// refused, saying where the story syncs now; the same server (a new token) is still a join again.
import type { SyncTarget } from './target.ts';

/** Where a story that has content on this device syncs now; undefined: with no server. */
export type CurrentRoute = Pick<SyncTarget, 'serverURL'> | undefined;

export type JoinCheck = { ok: true } | { ok: false; current: CurrentRoute };

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
 * Whether a link may join `serverURL` to a story: always when the device holds nothing of it (a story
 * to arrive), else only when it already syncs with that server.
 */
export function checkJoin(held: boolean, current: CurrentRoute, serverURL: string): JoinCheck {
  if (!held) return { ok: true };
  if (current && sameServer(current.serverURL, serverURL)) return { ok: true };
  return { ok: false, current };
}
