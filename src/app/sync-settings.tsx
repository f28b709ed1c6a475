// Settings → Sync: the sync server's address and token (a pairing link fills both), a Test button
// (asks the server whether it accepts the token), where sync stands now, and Disconnect. Below, the
// stories joined from a collaborator's link, each with its state and Leave, and a field to paste such
// a link. Joining, leaving and disconnecting take effect at once; the rest on Save.
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import type { DeviceSettings, SharedStory } from '../driver/settings/device-settings.ts';
import type { SyncTestReport } from '../workers/api.ts';
import { useDriver } from './driver-client.ts';
import { t } from './i18n/ui-text.ts';
import { pairingProblemText, readPairingText } from './pairing-link.ts';
import { syncLabel } from './sync-indicator.tsx';
import { ErrorAlert } from './error-alert.tsx';

/** Empty fields mean no sync: the saved settings then have no `sync` at all. */
export function withSyncCleaned(settings: DeviceSettings): DeviceSettings {
  const { sync, ...rest } = settings;
  if (!sync || (!sync.serverURL.trim() && !sync.token.trim())) return rest;
  return { ...rest, sync: { serverURL: sync.serverURL.trim(), token: sync.token.trim() } };
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function SyncSettings(props: {
  settings: DeviceSettings;
  setSettings: SetStoreFunction<DeviceSettings>;
}): JSX.Element {
  const { api, sync } = useDriver();
  const [report, setReport] = createSignal<SyncTestReport>();
  const [testing, setTesting] = createSignal(false);
  const [notice, setNotice] = createSignal('');
  const field = (key: 'serverURL' | 'token', value: string): void => {
    setReport(undefined);
    props.setSettings('sync', (now) => ({ serverURL: '', token: '', ...now, [key]: value }));
  };
  const test = async (): Promise<void> => {
    setTesting(true);
    setReport(undefined);
    setReport(
      await api.testSync({
        serverURL: props.settings.sync?.serverURL.trim() ?? '',
        token: props.settings.sync?.token.trim() ?? '',
      }),
    );
    setTesting(false);
  };
  // Takes effect at once (and in the form): stop syncing now, whatever else is being edited.
  const disconnect = async (): Promise<void> => {
    const saved = await api.getDeviceSettings();
    const { sync: _dropped, ...rest } = saved;
    const result = await api.setDeviceSettings(rest);
    if (!result.ok) return void setNotice(result.detail);
    props.setSettings('sync', undefined);
    setReport(undefined);
    setNotice(t('Disconnected: this device no longer syncs. Its stories stay here.'));
  };
  return (
    <fieldset class="group sync-settings">
      <legend>{t('Sync')}</legend>
      <p class="muted">
        {t(
          'Share stories between your devices through your own Rashomon server (npx rashomon serve). Opening the server’s pairing link on a device fills these in.',
        )}
      </p>
      <label class="field">
        <span>{t('Sync server')}</span>
        <input
          type="url"
          inputmode="url"
          placeholder="http://192.168.1.20:8787"
          value={props.settings.sync?.serverURL ?? ''}
          onInput={(event) => field('serverURL', event.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span>{t('Token')}</span>
        <input
          type="password"
          autocomplete="off"
          value={props.settings.sync?.token ?? ''}
          onInput={(event) => field('token', event.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span>{t('Your name when co-editing')}</span>
        <input
          type="text"
          maxLength={80}
          placeholder={t('The story’s player name')}
          value={props.settings.deviceName ?? ''}
          onInput={(event) => props.setSettings('deviceName', event.currentTarget.value || undefined)}
        />
      </label>
      <p class="muted sync-now">
        {t('Now:')} <strong>{syncLabel(sync().status)}</strong>
        <Show when={sync().status !== 'connected'}> — {sync().detail}</Show>
      </p>
      <div class="row">
        <button type="button" class="secondary" disabled={testing()} onClick={() => void test()}>
          {testing() ? t('Testing…') : t('Test')}
        </button>
        <Show when={props.settings.sync}>
          <button type="button" class="secondary" onClick={() => void disconnect()}>
            {t('Disconnect')}
          </button>
        </Show>
      </div>
      <Show when={report()}>
        {(r) => (
          <div class={r().ok ? 'report ok' : 'report error'} role={r().ok ? 'status' : 'alert'}>
            <p>
              <strong>{r().ok ? t('The server accepts this token.') : t('Sync test failed.')}</strong>{' '}
              {r().detail}
            </p>
          </div>
        )}
      </Show>
      <Show when={notice()}>
        <p class="muted" role="status">
          {notice()}
        </p>
      </Show>
      <SharedStories
        settings={props.settings}
        setSettings={props.setSettings}
        fillPairing={(serverURL, token) => {
          field('serverURL', serverURL);
          field('token', token);
        }}
      />
    </fieldset>
  );
}

/** The stories joined from a collaborator's link, and a field to paste one. */
function SharedStories(props: {
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
    const read = readPairingText(link());
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
