// "What Mara knows": one character's knowledge as a list, the nodes and relationships it knows or
// not, each with a toggle (the same knowledge as the tables above).
import { For, Show, createMemo, createSignal, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { kindLabel, relationshipName } from './world-words.ts';
import {
  characterNodes,
  knows,
  nodeName,
  withKnowledge,
  type DraftProps,
  type KnowledgeKind,
} from './world-draft.ts';

export function CharacterKnowledge(props: DraftProps): JSX.Element {
  const [chosen, setChosen] = createSignal('');
  /** The chosen character, or the first while none is chosen (or the chosen one is gone). */
  const who = createMemo(() => {
    const characters = characterNodes(props.draft);
    return characters.find((c) => c.id === chosen()) ?? characters[0];
  });
  const toggle = (id: string, kind: KnowledgeKind, known: boolean): void => {
    const current = who();
    if (current) props.edit({ knowledge: withKnowledge(props.draft.knowledge, current.id, kind, id, known) });
  };
  return (
    <Show when={who()}>
      {(current) => (
        <section class="stack character-knowledge" aria-labelledby="character-knowledge-title">
          <div class="row">
            <h3 id="character-knowledge-title">
              {t('What {name} knows', { name: nodeName(current(), '?') })}
            </h3>
            <label class="field">
              <span class="visually-hidden">{t('Character')}</span>
              <select value={current().id} onChange={(e) => setChosen(e.currentTarget.value)}>
                <For each={characterNodes(props.draft)}>
                  {(c) => <option value={c.id}>{nodeName(c, '?')}</option>}
                </For>
              </select>
            </label>
          </div>
          <ul class="known-list" aria-label={t('Nodes')}>
            <For each={props.draft.nodes}>
              {(node) => (
                <li>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={knows(props.draft, current().id, 'nodes', node.id)}
                      disabled={node.id === current().id}
                      onChange={(e) => toggle(node.id, 'nodes', e.currentTarget.checked)}
                    />
                    <span>
                      {nodeName(node, '?')} <span class="badge">{kindLabel(node.kind)}</span>
                    </span>
                  </label>
                </li>
              )}
            </For>
          </ul>
          <Show when={props.draft.relationships.length > 0}>
            <ul class="known-list" aria-label={t('Relationships')}>
              <For each={props.draft.relationships}>
                {(r) => (
                  <li>
                    <label class="check">
                      <input
                        type="checkbox"
                        checked={knows(props.draft, current().id, 'relationships', r.id)}
                        onChange={(e) => toggle(r.id, 'relationships', e.currentTarget.checked)}
                      />
                      <span>{relationshipName(props.draft, r)}</span>
                    </label>
                  </li>
                )}
              </For>
            </ul>
          </Show>
        </section>
      )}
    </Show>
  );
}
