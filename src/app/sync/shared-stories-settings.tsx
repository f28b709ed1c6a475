// Settings → Sync → Shared stories: the stories joined from a collaborator's link, each with its state
// and Leave, and a field to paste such a link (a server's own pairing link fills the fields above).
// Joining and leaving take effect at once.
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import type { DeviceSettings, SharedStory } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import { pairingProblemText } from './pairing-problem.ts';
import { syncLabel } from './sync-indicator.tsx';

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The stories joined from a collaborator's link, and a field to paste one. */
export function SharedStories(props: {
  settings: DeviceSettings;
  setSettings: SetStoreFunction<DeviceSettings>;
  fillPairing(serverURL: string, token: string): void;
}): JSX.Element {
  const { api, sync, libraryVersion } = useDriver();
  const [stories] = createResource(libraryVersion, () => api.listStories());
  const [link, setLink] = createSignal('');
  const [error, setError] = createSignal('');
  const [notice, setNotice] = createSignal('');
  const title = (room: string): string | undefined => stories.latest?.find((s) => s.id === room)?.title;
  const roomStatus = (room: string) => sync().rooms?.find((r) => r.room === room);
  /** The form follows what was saved, so Save keeps it. */
  const refresh = async (): Promise<void> => {
    props.setSettings('sharedStories', (await api.getDeviceSettings()).sharedStories);
  };
  const join = async (): Promise<void> => {
    setError('');
    setNotice('');
    const read = await api.readPairingLink(link());
    if (!read)
      return void setError(t('That is not a pairing link: it has no “#pair=” part. Paste the whole link.'));
    if (!read.ok) return void setError(pairingProblemText(read));
    const { server, token, room } = read.pairing;
    if (!room) {
      props.fillPairing(server, token);
      setLink('');
      return void setNotice(
        t(
          'That is a server’s pairing link: it filled in the sync server and token above. Save to sync with it.',
        ),
      );
    }
    const joined = await api.joinSharedStory({ room, serverURL: server, token });
    if (!joined.ok) return void setError(joined.detail);
    await refresh();
    setLink('');
    setNotice(t('Joined: the story appears in your library as soon as it arrives.'));
  };
  const leave = async (story: SharedStory): Promise<void> => {
    setError('');
    const left = await api.leaveSharedStory(story.room);
    if (!left.ok) return void setError(left.detail);
    await refresh();
    setNotice(t('Left the shared story: it no longer syncs. Its copy stays on this device.'));
  };
  return (
    <section class="settings-section shared-stories" aria-labelledby="shared-stories-title">
      <h3 id="shared-stories-title">{t('Shared stories')}</h3>
      <p class="muted">
        {t(
          'Stories someone shared with you by link. Each syncs with its own server, with a token that opens that story only.',
        )}
      </p>
      <ul class="shared-story-list">
        <For each={props.settings.sharedStories} fallback={<li class="muted">{t('None yet.')}</li>}>
          {(story) => (
            <li class="row shared-story">
              <span>
                <strong>
                  {title(story.room) ?? t('A story not here yet ({room})', { room: story.room })}
                </strong>{' '}
                {t('on {server}', { server: hostOf(story.serverURL) })}
                <Show when={roomStatus(story.room)}>
                  {(status) => (
                    <>
                      {' — '}
                      {syncLabel(status().status)}
                      <Show when={status().status !== 'connected'}>
                        <span class="muted"> — {status().detail}</span>
                      </Show>
                    </>
                  )}
                </Show>
              </span>
              <button
                type="button"
                class="secondary"
                aria-label={t('Leave {story}', { story: title(story.room) ?? story.room })}
                onClick={() => void leave(story)}
              >
                {t('Leave')}
              </button>
            </li>
          )}
        </For>
      </ul>
      <label class="field">
        <span>{t('Shared story link')}</span>
        <input
          type="url"
          inputmode="url"
          autocomplete="off"
          placeholder="http://192.168.1.20:8787/#pair=…"
          value={link()}
          onInput={(event) => setLink(event.currentTarget.value)}
        />
      </label>
      <div class="row">
        <button type="button" class="secondary" disabled={!link().trim()} onClick={() => void join()}>
          {t('Join')}
        </button>
      </div>
      <ErrorAlert message={error()} />
      <Show when={notice()}>
        <p class="muted" role="status">
          {notice()}
        </p>
      </Show>
    </section>
  );
}
