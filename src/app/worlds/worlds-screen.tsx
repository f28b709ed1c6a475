// The library's worlds: the list (new, delete) and the editor of the one the route names.
import { Show, createMemo, createResource, createSignal, untrack, type JSX } from 'solid-js';
import type { World } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { navigate, routeHash } from '../shell/route.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ItemList } from '../ui/item-list.tsx';
import { newId } from '../ui/new-id.ts';
import { runCommand } from '../ui/run-command.ts';
import { WorldEditor } from './world-editor.tsx';
import './worlds.css';

export function WorldsScreen(props: { worldId: string | undefined }): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [worlds] = createResource(libraryVersion, () => api.listWorlds());
  const [error, setError] = createSignal('');
  const outcome = { error: setError, cancelled: setError };
  const selected = createMemo(() => worlds.latest?.find((w) => w.id === props.worldId));

  const create = async (): Promise<void> => {
    setError('');
    const id = newId();
    const made = await runCommand(() => api.saveWorld({ id, name: t('New world') }), outcome);
    if (made.ok) navigate({ screen: 'worlds', worldId: id });
  };
  const remove = async (world: { id: string }): Promise<void> => {
    setError('');
    const removed = await runCommand(() => api.deleteWorld(world.id), outcome);
    if (removed.ok && world.id === props.worldId) navigate({ screen: 'worlds' });
  };

  return (
    <div class="stack worlds-screen">
      <a href={routeHash({ screen: 'library' })}>{t('← Back to the stories')}</a>
      <section class="stack" aria-labelledby="worlds-title">
        <div class="row">
          <h2 id="worlds-title">{t('Worlds')}</h2>
          <button type="button" onClick={() => void create()}>
            {t('New world')}
          </button>
        </div>
        <p class="hint">
          {t(
            'A world holds characters, places, factions, things and lore, how they stand to each other and who knows what. A story started with it gets its own copy.',
          )}
        </p>
        <ErrorAlert message={error()} />
        <ItemList
          label={t('Worlds in the library')}
          items={worlds.latest ?? []}
          current={props.worldId}
          href={(worldId) => routeHash({ screen: 'worlds', worldId })}
          question={(w) =>
            t('Delete “{name}”? Stories started with it keep their own copy.', { name: w.name })
          }
          onDelete={(w) => void remove(w)}
          empty={t('No worlds yet.')}
        />
      </section>
      {/* Keyed by id: a save, or a change from another tab, does not replace the edits in progress. */}
      <Show when={selected()?.id} keyed>
        {(id) => <WorldEditor world={untrack(() => worlds.latest?.find((x) => x.id === id)) as World} />}
      </Show>
      <Show when={props.worldId && worlds.state === 'ready' && !selected()}>
        <p class="muted">{t('This world is no longer in the library.')}</p>
      </Show>
    </div>
  );
}
