// What a world brings to a story besides its nodes: lorebooks of the library (attached by checkbox)
// and the preset it suggests; its prose prompts saved as a preset.
import { For, Show, createResource, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { routeHash } from '../shell/route.ts';
import { t } from '../i18n/ui-text.ts';
import type { DraftProps } from './world-draft.ts';
import { SaveWorldAsPreset } from './world-save-preset.tsx';

export function WorldAttachments(props: DraftProps): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [books] = createResource(libraryVersion, () => api.listLorebooks());
  const [presets] = createResource(libraryVersion, () => api.listPresets());
  const attach = (bookId: string, on: boolean): void => {
    const rest = props.draft.books.filter((b) => b !== bookId);
    props.edit('books', on ? [...rest, bookId] : rest);
  };
  /** Attached books no longer in the library: kept until unticked, so nothing goes unnoticed. */
  const missing = (): string[] =>
    books.latest ? props.draft.books.filter((id) => !books.latest?.some((b) => b.id === id)) : [];
  return (
    <section class="stack" aria-labelledby="world-attachments-title">
      <h3 id="world-attachments-title">{t('Lorebooks and preset')}</h3>
      <fieldset class="group">
        <legend>{t('Lorebooks of this world')}</legend>
        <For
          each={books.latest ?? []}
          fallback={
            <p class="hint">
              {t('No lorebooks in the library yet.')}{' '}
              <a href={routeHash({ screen: 'lorebooks' })}>{t('Lorebooks')}</a>
            </p>
          }
        >
          {(book) => (
            <label class="check">
              <input
                type="checkbox"
                checked={props.draft.books.includes(book.id)}
                onChange={(e) => attach(book.id, e.currentTarget.checked)}
              />
              <span>{book.name}</span>
            </label>
          )}
        </For>
        <For each={missing()}>
          {(id) => (
            <label class="check">
              <input type="checkbox" checked onChange={() => attach(id, false)} />
              <span class="muted">{t('A lorebook no longer in the library ({id})', { id })}</span>
            </label>
          )}
        </For>
      </fieldset>
      <label class="field">
        <span>{t('Suggested preset')}</span>
        <select
          value={props.draft.suggestedPreset ?? ''}
          onChange={(e) => props.edit('suggestedPreset', e.currentTarget.value || null)}
        >
          <option value="">{t('None')}</option>
          <For each={presets.latest ?? []}>{(p) => <option value={p.id}>{p.title}</option>}</For>
          <Show
            when={
              props.draft.suggestedPreset &&
              !presets.latest?.some((p) => p.id === props.draft.suggestedPreset)
            }
          >
            <option value={props.draft.suggestedPreset ?? ''}>
              {t('A preset no longer in the library')}
            </option>
          </Show>
        </select>
      </label>
      <p class="hint">
        {t('A story started with this world applies the preset, then the world’s own prompts.')}
      </p>
      <SaveWorldAsPreset worldId={props.draft.id} name={props.draft.name} />
    </section>
  );
}
