// "Translate…" on a world's page: the person picks the language, then talks with the translation
// assistant, which proposes a glossary and then each translated document. The translation goes
// into a new world, made when the glossary is applied; the world on this page is only read.
import { Show, createSignal, type JSX } from 'solid-js';
import type { Language, World } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { routeHash } from '../shell/route.ts';
import { t } from '../i18n/ui-text.ts';
import { AssistantPanel } from '../assistant/lazy-assistant-panel.ts';

export function WorldTranslate(props: {
  world: World;
  /** Shown, or folded away (the world editor keeps one chat open at a time). */
  open: boolean;
  onToggle: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const [language, setLanguage] = createSignal<Language>(
    props.world.translation?.language === 'zh' ? 'en' : 'zh',
  );
  const [translating, setTranslating] = createSignal<Language>();
  const [made, setMade] = createSignal<World>();

  /** The translated world once the glossary is applied: the way to it. */
  const findMade = async (into: Language): Promise<void> => {
    const worlds = await api.listWorlds();
    setMade(worlds.find((w) => w.translation?.from === props.world.id && w.translation.language === into));
  };
  const start = (): void => {
    setTranslating(language());
    void findMade(language());
  };

  return (
    <div class="stack">
      <div class="row">
        <button
          type="button"
          class="secondary"
          aria-expanded={props.open}
          aria-controls="world-translate"
          onClick={() => {
            props.onToggle();
            setTranslating(undefined);
          }}
        >
          {t('Translate…')}
        </button>
      </div>
      <Show when={props.open}>
        <div id="world-translate" class="stack">
          <div class="row">
            <label class="field">
              <span>{t('Into which language')}</span>
              <select value={language()} onChange={(e) => setLanguage(e.currentTarget.value as Language)}>
                <option value="en">English</option>
                <option value="zh">中文 (Chinese)</option>
              </select>
            </label>
            <button type="button" class="small" onClick={start}>
              {t('Start translating')}
            </button>
          </div>
          <p class="hint">
            {t(
              'The translation goes into a new world, made when you apply its glossary; this world is not changed.',
            )}
          </p>
          <Show when={translating()} keyed>
            {(into) => (
              <>
                <Show when={made()}>
                  {(w) => (
                    <a href={routeHash({ screen: 'worlds', worldId: w().id })}>
                      {t('Open the translated world “{name}”', { name: w().name })}
                    </a>
                  )}
                </Show>
                <AssistantPanel
                  subject={{ kind: 'translate', id: props.world.id, language: into }}
                  onChanged={() => void findMade(into)}
                />
              </>
            )}
          </Show>
        </div>
      </Show>
    </div>
  );
}
