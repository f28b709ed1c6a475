// Opening a pairing link (on load, or in a tab already showing the app): a server's link asks "Sync
// with <server>?" and saves the server and token as this device's sync; a shared story's link (it
// names a room) offers to join that one story, beside whatever this device already syncs. The link
// (it carries a token) leaves the address bar either way.
import { Match, Switch, createSignal, onCleanup, onMount, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import type { Pairing, PairingRead } from '../../workers/api.ts';
import { pairingProblemText } from './pairing-problem.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';

function clearHash(): void {
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
}

export function PairingPrompt(): JSX.Element {
  const { api } = useDriver();
  const [read, setRead] = createSignal<PairingRead>(null);
  const [error, setError] = createSignal('');
  let dialog: HTMLDialogElement | undefined;
  const check = async (): Promise<void> => {
    const found = await api.readPairingLink(window.location.hash);
    if (!found) return;
    clearHash();
    setError('');
    setRead(found);
    if (!dialog?.open) dialog?.showModal();
  };
  const onHashChange = (): void => void check();
  // On load, and when a link is opened in a tab that already shows the app (only the hash changes).
  onMount(onHashChange);
  window.addEventListener('hashchange', onHashChange);
  onCleanup(() => window.removeEventListener('hashchange', onHashChange));
  const pairing = (): Pairing | undefined => {
    const found = read();
    return found?.ok ? found.pairing : undefined;
  };
  const accept = async (): Promise<void> => {
    const found = pairing();
    if (!found) return;
    const saved = found.room
      ? await api.joinSharedStory({ room: found.room, serverURL: found.server, token: found.token })
      : await api.setDeviceSettings({
          ...(await api.getDeviceSettings()),
          sync: { serverURL: found.server, token: found.token },
        });
    if (saved.ok) dialog?.close();
    else setError(saved.detail);
  };
  const host = (): string => {
    const found = pairing();
    return found ? new URL(found.server).host : '';
  };
  const problem = (): string => {
    const found = read();
    return found && !found.ok ? pairingProblemText(found) : '';
  };
  const buttons = (label: string): JSX.Element => (
    <>
      <ErrorAlert message={error()} />
      <div class="row">
        <button type="button" onClick={() => void accept()}>
          {label}
        </button>
        <button type="button" class="secondary" onClick={() => dialog?.close()}>
          {t('Not now')}
        </button>
      </div>
    </>
  );
  return (
    <dialog ref={dialog} class="settings-dialog pairing-dialog" aria-labelledby="pairing-title">
      <Switch
        fallback={
          <>
            <h2 id="pairing-title">{t('Pairing link not used')}</h2>
            <p class="error">{problem()}</p>
            <div class="row">
              <button type="button" onClick={() => dialog?.close()}>
                {t('Close')}
              </button>
            </div>
          </>
        }
      >
        <Match when={pairing()?.room}>
          <h2 id="pairing-title">{t('Join the shared story?')}</h2>
          <p>
            {t(
              'Someone shared one story with you through the sync server at {server}. Joining syncs that story only: you can read it, play it and edit it together. It appears in your library as soon as it arrives.',
              { server: host() },
            )}
          </p>
          <p class="muted">
            {t(
              'What is sent where: only this story ({room}), every turn and edit of it made on this device, syncs with {server}. Nothing else goes there: your other stories, your library and this device’s own sync stay as they are. A story already on this device is never moved by a link: joining one that syncs elsewhere is refused. Leave the story any time in Settings → Sync.',
              { room: pairing()?.room ?? '', server: host() },
            )}
          </p>
          {buttons(t('Join the shared story'))}
        </Match>
        <Match when={pairing()}>
          <h2 id="pairing-title">{t('Sync with {server}?', { server: host() })}</h2>
          <p>
            {t(
              'This device will share its stories with the sync server at {server} and every device paired with it. Settings and API keys stay on this device.',
              { server: host() },
            )}
          </p>
          {buttons(t('Sync'))}
        </Match>
      </Switch>
    </dialog>
  );
}
