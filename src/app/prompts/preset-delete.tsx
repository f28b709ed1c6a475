// Delete on a preset's card, asking first: the question names the preset and the stories on this
// device that use it (they keep their copy); a deleted preset goes to the deleted presets, with Undo.
import { For, Show, createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { t } from '../i18n/ui-text.ts';

export function PresetDelete(props: {
  presetId: string;
  title: string;
  onDeleted: (trashId: string) => void;
  onMessage: (text: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  /** The stories using the preset while the question is shown. */
  const [users, setUsers] = createSignal<Array<{ id: string; title: string }>>();
  const ask = async (): Promise<void> => {
    const r = await api.presetUsers(props.presetId);
    if (r.ok) setUsers(r.stories);
    else props.onMessage(r.detail);
  };
  const remove = async (): Promise<void> => {
    const r = await api.deletePreset(props.presetId);
    setUsers(undefined);
    if (r.ok) props.onDeleted(r.trashId);
    else props.onMessage(r.detail);
  };
  return (
    <Show
      when={users()}
      fallback={
        <button type="button" class="secondary" onClick={() => void ask()}>
          {t('Delete {title}', { title: props.title })}
        </button>
      }
    >
      {(stories) => (
        <div class="stack" role="group" aria-label={t('Delete {title}', { title: props.title })}>
          <p>
            {t('Delete the preset “{title}”? It goes to the deleted presets, where you can restore it.', {
              title: props.title,
            })}
          </p>
          <Show
            when={stories().length}
            fallback={<p class="muted">{t('No story on this device uses it.')}</p>}
          >
            <p>{t('These stories use it and keep their copy of its prompts:')}</p>
            <ul>
              <For each={stories()}>{(s) => <li>{s.title}</li>}</For>
            </ul>
          </Show>
          <div class="row">
            <button type="button" class="danger" ref={(el) => focusOnMount(el)} onClick={() => void remove()}>
              {t('Delete')}
            </button>
            <button type="button" class="secondary" onClick={() => setUsers(undefined)}>
              {t('Keep')}
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
