// What the person reads when a join link is refused because the story is theirs already (SV19): where
// it syncs now, that nothing was sent, and how to play the link's copy anyway.
import type { Failure } from '../api.ts';
import type { JoinCheck } from '../sync/join-guard.ts';
import { serverLabel } from '../sync/target.ts';
import { uiText } from '../i18n/ui-text.ts';

export function joinRefused(
  check: Extract<JoinCheck, { ok: false }>,
  title: string,
  serverURL: string,
): Failure {
  const server = serverLabel({ serverURL, token: '' });
  const current = check.current && serverLabel({ serverURL: check.current.serverURL, token: '' });
  return { ok: false, code: 'invalid', detail: detail(check.kind, title, server, current) };
}

function detail(kind: 'held' | 'listed', title: string, server: string, current: string | undefined) {
  switch (kind) {
    case 'held':
      return current
        ? uiText(
            'Not joined: “{title}” is already on this device and syncs with {current}; joining this link would send all of it to {server}. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not have this story.',
            { title, server, current },
          )
        : uiText(
            'Not joined: “{title}” is already on this device and syncs with no server; joining this link would send all of it to {server}. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not have this story.',
            { title, server },
          );
    case 'listed':
      return current
        ? uiText(
            'Not joined: “{title}” is in your story list and syncs with {current}, though this device has not downloaded it yet; joining this link would sync it with {server} instead. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not list this story.',
            { title, server, current },
          )
        : uiText(
            'Not joined: “{title}” is in your story list and syncs with no server here; joining this link would sync it with {server} instead. Nothing was sent. To play the copy on {server}, open the link on a device or browser profile that does not list this story.',
            { title, server },
          );
  }
}
