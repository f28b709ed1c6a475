// The new story's world and lorebooks: a library world to copy (with what each participant knows of
// it at the start, the world's rows by default) and lorebooks attached to the story itself.
import { For, Show, createMemo, type JSX } from 'solid-js';
import type { Knowledge, LoreBook, NewStoryWorld, World } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export interface WorldDraft {
  worldId: string;
  /** Participant name → the node ids it knows at the start, once the person changed them. */
  knows: Record<string, string[]>;
  books: string[];
}

export const newWorldDraft = (): WorldDraft => ({ worldId: '', knows: {}, books: [] });

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The character node a participant's name is, as the worker matches it (name or alias). */
function nodeOf(world: World, name: string): string | undefined {
  return world.nodes.find(
    (n) => n.kind === 'character' && (same(n.name, name) || n.aliases.some((a) => same(a, name))),
  )?.id;
}

function defaultKnowledge(world: World, name: string): Knowledge {
  const node = nodeOf(world, name);
  return (node && world.knowledge[node]) || { nodes: [], relationships: [] };
}

/** What the worker is asked: the world, and the knowledge rows the person changed. */
export function worldInput(draft: WorldDraft, worlds: readonly World[]): NewStoryWorld | undefined {
  const world = worlds.find((w) => w.id === draft.worldId);
  if (!world) return undefined;
  const knowledge = Object.fromEntries(
    Object.entries(draft.knows).map(([name, nodes]) => [
      name,
      { nodes, relationships: defaultKnowledge(world, name).relationships },
    ]),
  );
  return { worldId: world.id, ...(Object.keys(knowledge).length ? { knowledge } : {}) };
}

export function WorldChoice(props: {
  worlds: readonly World[];
  books: readonly LoreBook[];
  /** The participants' names as the form has them now. */
  names: readonly string[];
  draft: WorldDraft;
  onChange: (draft: WorldDraft) => void;
}): JSX.Element {
  const world = createMemo(() => props.worlds.find((w) => w.id === props.draft.worldId));
  const knows = (w: World, name: string): string[] =>
    props.draft.knows[name] ?? defaultKnowledge(w, name).nodes;
  const toggle = (w: World, name: string, node: string, on: boolean): void => {
    const now = knows(w, name).filter((n) => n !== node);
    props.onChange({ ...props.draft, knows: { ...props.draft.knows, [name]: on ? [...now, node] : now } });
  };
  return (
    <fieldset class="group">
      <legend>{t('World and lore')}</legend>
      <Show
        when={props.worlds.length}
        fallback={<p class="hint">{t('No worlds in your library yet (Worlds, in the header).')}</p>}
      >
        <label class="field">
          <span>{t('World')}</span>
          <select
            value={props.draft.worldId}
            onChange={(e) => props.onChange({ ...props.draft, worldId: e.currentTarget.value, knows: {} })}
          >
            <option value="">{t('No world')}</option>
            <For each={props.worlds}>{(w) => <option value={w.id}>{w.name}</option>}</For>
          </select>
        </label>
      </Show>
      <Show when={world()}>
        {(w) => (
          <For each={props.names.filter((n) => n.trim())}>
            {(name) => (
              <details class="start-knowledge">
                <summary>{t('What {name} knows at the start', { name })}</summary>
                <For each={w().nodes}>
                  {(node) => {
                    const own = () => nodeOf(w(), name) === node.id;
                    return (
                      <label class="check">
                        <input
                          type="checkbox"
                          checked={own() || knows(w(), name).includes(node.id)}
                          disabled={own()}
                          onChange={(e) => toggle(w(), name, node.id, e.currentTarget.checked)}
                        />
                        {node.name}
                      </label>
                    );
                  }}
                </For>
              </details>
            )}
          </For>
        )}
      </Show>
      <Show when={props.books.length}>
        <fieldset class="group">
          <legend>{t('Lorebooks for this story (everyone’s)')}</legend>
          <For each={props.books}>
            {(b) => (
              <label class="check">
                <input
                  type="checkbox"
                  checked={props.draft.books.includes(b.id)}
                  onChange={(e) =>
                    props.onChange({
                      ...props.draft,
                      books: e.currentTarget.checked
                        ? [...props.draft.books, b.id]
                        : props.draft.books.filter((x) => x !== b.id),
                    })
                  }
                />
                {b.name}
              </label>
            )}
          </For>
        </fieldset>
      </Show>
    </fieldset>
  );
}
