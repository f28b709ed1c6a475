// Opening a sync server's pairing link (on load, or in a tab already showing the app): asks "Sync with
// <server>?", saves the server and token into this device's settings on yes, and takes the link (it
// carries the token) out of the address bar either way.
import { Show, createSignal, onCleanup, onMount, type JSX } from 'solid-js';
import { useDriver } from './driver-client.ts';
import { readPairing, type PairingRead } from './pairing-link.ts';
import { ErrorAlert } from './error-alert.tsx';

function clearHash(): void {
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
}

export function PairingPrompt(): JSX.Element {
  const { api } = useDriver();
  const [read, setRead] = createSignal<PairingRead>(null);
  const [error, setError] = createSignal('');
  let dialog: HTMLDialogElement | undefined;
  const check = (): void => {
    const found = readPairing(window.location.hash);
    if (!found) return;
    clearHash();
    setError('');
    setRead(found);
    if (!dialog?.open) dialog?.showModal();
  };
  // On load, and when a link is opened in a tab that already shows the app (only the hash changes).
  onMount(check);
  window.addEventListener('hashchange', check);
  onCleanup(() => window.removeEventListener('hashchange', check));
  const accept = async (): Promise<void> => {
    const found = read();
    if (!found?.ok) return;
    const settings = await api.getDeviceSettings();
    const saved = await api.setDeviceSettings({
      ...settings,
      sync: { serverURL: found.pairing.server, token: found.pairing.token },
    });
    if (saved.ok) dialog?.close();
    else setError(saved.detail);
  };
  const host = (): string => {
    const found = read();
    return found?.ok ? new URL(found.pairing.server).host : '';
  };
  return (
    <dialog ref={dialog} class="settings-dialog pairing-dialog" aria-labelledby="pairing-title">
      <Show
        when={read()?.ok}
        fallback={
          <>
            <h2 id="pairing-title">Pairing link not used</h2>
            <p class="error">{(read() as { detail?: string } | null)?.detail}</p>
            <div class="row">
              <button type="button" onClick={() => dialog?.close()}>
                Close
              </button>
            </div>
          </>
        }
      >
        <h2 id="pairing-title">Sync with {host()}?</h2>
        <p>
          This device will share its stories with the sync server at <strong>{host()}</strong> and every
          device paired with it. Settings and API keys stay on this device.
        </p>
        <ErrorAlert message={error()} />
        <div class="row">
          <button type="button" onClick={() => void accept()}>
            Sync
          </button>
          <button type="button" class="secondary" onClick={() => dialog?.close()}>
            Not now
          </button>
        </div>
      </Show>
    </dialog>
  );
}
