// The story's own copy of its world and lorebooks: whether each still matches the library (re-apply
// the world when it changed there), what each participant knows of the world now (the start's
// knowledge, editable), the books and how lore is scanned.
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import type { CopyState, LoreSettings, StoryWorldView } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

function stateLabel(state: CopyState): string {
  switch (state) {
    case 'none':
      return t('the story’s own');
    case 'current':
      return t('as in the library');
    case 'changed-in-library':
      return t('changed in the library since');
    case 'edited-in-story':
      return t('edited in this story');
    case 'missing':
      return t('no longer in the library');
    default:
      return state satisfies never;
  }
}

export function StoryWorldPanel(props: { story: StoryState }): JSX.Element {
  const { api } = useDriver();
  const id = () => props.story.storyId;
  const [view, { refetch }] = createResource(id, async (storyId) => {
    const r = await api.storyWorld(storyId);
    return r.ok ? r.world : null;
  });
  const [error, setError] = createSignal('');
  const done = async (result: Promise<{ ok: boolean; detail?: string }>): Promise<void> => {
    const r = await result;
    setError(r.ok ? '' : (r.detail ?? ''));
    void refetch();
  };
  const people = () => props.story.overview()?.participants ?? [];
  const toggle = (v: StoryWorldView, who: string, node: string, on: boolean): void => {
    const world = v.world;
    if (!world) return;
    const k = world.knowledge[who] ?? { nodes: [], relationships: [] };
    const nodes = on ? [...k.nodes.filter((n) => n !== node), node] : k.nodes.filter((n) => n !== node);
    void done(api.editStoryWorld(id(), { knowledge: { ...world.knowledge, [who]: { ...k, nodes } } }));
  };
  const setting = (patch: Partial<LoreSettings>) => void done(api.editStoryLore(id(), { settings: patch }));
  return (
    <Show when={view.latest && (view.latest.world || view.latest.books.length) ? view.latest : undefined}>
      {(v) => (
        <details class="story-world">
          <summary>{t('World and lore')}</summary>
          <Show when={v().world}>
            {(w) => (
              <>
                <p>
                  {t('World: {name} ({state})', {
                    name: w().name || t('unnamed'),
                    state: stateLabel(v().status),
                  })}{' '}
                  <Show when={v().status === 'changed-in-library' || v().status === 'edited-in-story'}>
                    <button
                      type="button"
                      class="small secondary"
                      onClick={() => void done(api.reapplyWorld(id()))}
                    >
                      {t('Re-apply the library’s world')}
                    </button>
                  </Show>
                </p>
                <For each={people()}>
                  {(p) => (
                    <details class="start-knowledge">
                      <summary>{t('What {name} knows of the world', { name: p.name })}</summary>
                      <For each={w().nodes}>
                        {(node) => {
                          const own = () => w().characters[p.id] === node.id;
                          return (
                            <label class="check">
                              <input
                                type="checkbox"
                                checked={own() || (w().knowledge[p.id]?.nodes ?? []).includes(node.id)}
                                disabled={own()}
                                onChange={(e) => toggle(v(), p.id, node.id, e.currentTarget.checked)}
                              />
                              {node.name}
                            </label>
                          );
                        }}
                      </For>
                      <p class="hint">
                        {t(
                          'What it learns in play (a knowledge change you accept that names a node) comes on top.',
                        )}
                      </p>
                    </details>
                  )}
                </For>
              </>
            )}
          </Show>
          <Show when={v().books.length}>
            <ul class="story-books">
              <For each={v().books}>
                {(b) => (
                  <li>
                    {t('{name} ({state})', { name: b.name, state: stateLabel(b.status) })}{' '}
                    <button
                      type="button"
                      class="small secondary"
                      onClick={() => void done(api.editStoryLore(id(), { removeBook: b.id }))}
                    >
                      {t('Remove from this story')}
                    </button>
                  </li>
                )}
              </For>
            </ul>
            <label class="field">
              <span>{t('Messages scanned for keys')}</span>
              <input
                type="number"
                min="0"
                value={v().settings.scanDepth}
                onChange={(e) => setting({ scanDepth: Number(e.currentTarget.value) })}
              />
            </label>
            <label class="field">
              <span>{t('Lore budget (% of a request’s room)')}</span>
              <input
                type="number"
                min="1"
                max="100"
                value={v().settings.budgetPercent}
                onChange={(e) => setting({ budgetPercent: Number(e.currentTarget.value) })}
              />
            </label>
            <label class="check">
              <input
                type="checkbox"
                checked={v().settings.recursive}
                onChange={(e) => setting({ recursive: e.currentTarget.checked })}
              />
              {t('Recursive (fired entries can fire others)')}
            </label>
          </Show>
          <ErrorAlert message={error()} />
        </details>
      )}
    </Show>
  );
}
