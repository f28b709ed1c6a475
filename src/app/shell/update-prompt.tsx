// Registers the service worker and offers a reload when a new version of the app is waiting.
/// <reference types="vite-plugin-pwa/solid" />
import { Show, type JSX } from 'solid-js';
import { useRegisterSW } from 'virtual:pwa-register/solid';
import { t } from '../i18n/ui-text.ts';

let reloading = false;
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** Resolves when `worker` is activated (or replaced), so a reload is served by the new version. */
function settled(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (worker.state !== 'activated' && worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', check);
      resolve();
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

export function UpdatePrompt(): JSX.Element {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Another tab accepted the update: this one would run old code against the new worker.
    onNeedReload: reloadOnce,
    onRegisterError(error: unknown) {
      console.error(new Error('Service worker registration failed', { cause: error }));
    },
  });
  // workbox-window reloads by itself only when the page was controlled at load; on a first visit
  // the new worker activates without ever taking control, so wait for it to activate here instead.
  const reload = async (): Promise<void> => {
    const registration = await navigator.serviceWorker.getRegistration();
    const next = registration?.waiting ?? registration?.installing ?? registration?.active;
    await updateServiceWorker(true);
    if (next) await settled(next);
    reloadOnce();
  };
  return (
    <Show when={needRefresh()}>
      <div class="update-prompt" role="status">
        <span>{t('Update available')}</span>
        <button type="button" onClick={() => void reload()}>
          {t('Reload')}
        </button>
        <button type="button" class="secondary" onClick={() => setNeedRefresh(false)}>
          {t('Later')}
        </button>
      </div>
    </Show>
  );
}
