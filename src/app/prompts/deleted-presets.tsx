// The presets the person deleted (kept in the library's trash), each with Restore.
import { For, Show, createResource, type Accessor, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

export function DeletedPresets(props: {
  /** Changes whenever a preset may have been deleted or restored. */
  version: Accessor<number>;
  onRestored: (title: string) => void;
  onMessage: (text: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const [deleted] = createResource(props.version, () => api.deletedPresets());
  const restore = async (trashId: string, title: string): Promise<void> => {
    const r = await api.restorePreset(trashId);
    if (r.ok) props.onRestored(title);
    else props.onMessage(r.detail);
  };
  return (
    <Show when={deleted.latest?.length}>
      <details class="stack">
        <summary>{t('Deleted presets ({count})', { count: deleted.latest?.length ?? 0 })}</summary>
        <ul class="stack" aria-label={t('Deleted presets')}>
          <For each={deleted.latest ?? []}>
            {(item) => (
              <li class="row">
                <span>{item.title}</span>
                <button
                  type="button"
                  class="secondary"
                  onClick={() => void restore(item.trashId, item.title)}
                >
                  {t('Restore {title}', { title: item.title })}
                </button>
              </li>
            )}
          </For>
        </ul>
      </details>
    </Show>
  );
}
