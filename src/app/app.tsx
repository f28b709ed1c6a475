// The app shell: header (title, Prompts, Worlds, Lorebooks, Settings), the screen the route names
// (the library, a story, prompts, worlds, lorebooks), and the update prompt.
import { Match, Show, Switch, createSignal, lazy, onMount, type JSX } from 'solid-js';
import { useDriver } from './shell/driver-client.ts';
import { setUiLanguage, t } from './i18n/ui-text.ts';
import { LibraryScreen } from './library/library-screen.tsx';
import { PairingPrompt } from './sync/pairing-prompt.tsx';
import { createRoute, routeHash } from './shell/route.ts';
import { PromptProblemsNotice } from './shell/prompt-problems-notice.tsx';
import { SettingsProblemNotice } from './shell/settings-problem-notice.tsx';
import { closeSettings, openSettings, settingsRequest } from './settings/settings-opener.ts';
import { SyncIndicator } from './sync/sync-indicator.tsx';
import { UpdatePrompt } from './shell/update-prompt.tsx';

// Screens other than the library load when first shown: a first load shows the library. A story
// (with its Markdown and virtual list) comes from the service worker's cache once it is installed.
const StoryScreen = lazy(async () => ({ default: (await import('./story/story-screen.tsx')).StoryScreen }));
const PromptsScreen = lazy(async () => ({
  default: (await import('./prompts/prompts-screen.tsx')).PromptsScreen,
}));
const WorldsScreen = lazy(async () => ({
  default: (await import('./worlds/worlds-screen.tsx')).WorldsScreen,
}));
const LorebooksScreen = lazy(async () => ({
  default: (await import('./lorebooks/lorebooks-screen.tsx')).LorebooksScreen,
}));
const SettingsDialog = lazy(async () => ({
  default: (await import('./settings/settings-dialog.tsx')).SettingsDialog,
}));

export function App(): JSX.Element {
  const route = createRoute();
  const { api, failure } = useDriver();
  /** Counts closings of Settings: what was saved there may have mended stored settings. */
  const [settingsClosed, setSettingsClosed] = createSignal(0);
  onMount(() => void api.getDeviceSettings().then((settings) => setUiLanguage(settings.uiLanguage)));
  const promptsRoute = (): { storyId?: string } | undefined => {
    const current = route();
    return current.screen === 'prompts' ? current : undefined;
  };
  const worldsRoute = (): { worldId?: string } | undefined => {
    const current = route();
    return current.screen === 'worlds' ? current : undefined;
  };
  const lorebooksRoute = (): { bookId?: string } | undefined => {
    const current = route();
    return current.screen === 'lorebooks' ? current : undefined;
  };
  const storyId = (): string | undefined => {
    const current = route();
    return current.screen === 'story' ? current.storyId : undefined;
  };
  return (
    <>
      <header class="app-header">
        <h1 class="app-title">Rashomon</h1>
        <SyncIndicator />
        <nav class="header-nav" aria-label={t('Library')}>
          <a
            class="header-button"
            href={routeHash({ screen: 'prompts', ...(storyId() ? { storyId: storyId() } : {}) })}
          >
            {t('Prompts')}
          </a>
          <a class="header-button" href={routeHash({ screen: 'worlds' })}>
            {t('Worlds')}
          </a>
          <a class="header-button" href={routeHash({ screen: 'lorebooks' })}>
            {t('Lorebooks')}
          </a>
        </nav>
        <button type="button" class="header-button" aria-haspopup="dialog" onClick={() => openSettings()}>
          {t('Settings')}
        </button>
      </header>
      <Show when={failure()}>
        <p class="engine-failure" role="alert">
          {t('The story engine stopped: {reason} Reload the page to try again.', { reason: failure() })}
        </p>
      </Show>
      <SettingsProblemNotice version={settingsClosed()} onOpenSettings={() => openSettings('backends')} />
      <PromptProblemsNotice route={route()} />
      <main class="app-main">
        <Switch>
          <Match when={storyId()} keyed>
            {(id) => <StoryScreen storyId={id} />}
          </Match>
          <Match when={promptsRoute()} keyed>
            {(r) => <PromptsScreen {...(r.storyId ? { storyId: r.storyId } : {})} />}
          </Match>
          <Match when={worldsRoute()}>{(r) => <WorldsScreen worldId={r().worldId} />}</Match>
          <Match when={lorebooksRoute()}>{(r) => <LorebooksScreen bookId={r().bookId} />}</Match>
          <Match when={route().screen === 'library'}>
            <LibraryScreen />
          </Match>
        </Switch>
      </main>
      <Show when={settingsRequest()} keyed>
        {(request) => (
          <SettingsDialog
            {...(request.section ? { section: request.section } : {})}
            onClose={() => {
              closeSettings();
              setSettingsClosed((n) => n + 1);
            }}
          />
        )}
      </Show>
      <UpdatePrompt />
      <PairingPrompt />
    </>
  );
}
