// Who knows what, at a glance: one row per character node, one column per node (and, in a second
// table, per relationship), a checkbox where they meet. A character's own node is always known.
import { For, Show, createUniqueId, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import {
  characterNodes,
  knows,
  nodeName,
  withKnowledge,
  type DraftProps,
  type KnowledgeKind,
} from './world-draft.ts';
import { relationshipName } from './world-words.ts';

interface Column {
  id: string;
  name: string;
}

function KnowledgeTable(props: DraftProps & { kind: KnowledgeKind; caption: string; columns: Column[] }) {
  const id = createUniqueId();
  return (
    <div class="stack knowledge">
      <h4 id={id}>{props.caption}</h4>
      <div class="table-scroll" role="region" aria-labelledby={id} tabindex="0">
        <table class="knowledge-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t('Who')}</th>
              <For each={props.columns}>{(column) => <th scope="col">{column.name}</th>}</For>
            </tr>
          </thead>
          <tbody>
            <For each={characterNodes(props.draft)}>
              {(who) => (
                <tr>
                  <th scope="row">{nodeName(who, '?')}</th>
                  <For each={props.columns}>
                    {(column) => (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('{who} knows {what}', { who: nodeName(who, '?'), what: column.name })}
                          checked={knows(props.draft, who.id, props.kind, column.id)}
                          disabled={props.kind === 'nodes' && column.id === who.id}
                          onChange={(e) =>
                            props.edit({
                              knowledge: withKnowledge(
                                props.draft.knowledge,
                                who.id,
                                props.kind,
                                column.id,
                                e.currentTarget.checked,
                              ),
                            })
                          }
                        />
                      </td>
                    )}
                  </For>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function KnowledgeTables(props: DraftProps): JSX.Element {
  const nodes = (): Column[] =>
    props.draft.nodes.map((n, i) => ({ id: n.id, name: nodeName(n, t('Node {number}', { number: i + 1 })) }));
  const relationships = (): Column[] =>
    props.draft.relationships.map((r) => ({ id: r.id, name: relationshipName(props.draft, r) }));
  return (
    <section class="stack" aria-labelledby="world-knowledge-title">
      <h3 id="world-knowledge-title">{t('Who knows what')}</h3>
      <Show
        when={characterNodes(props.draft).length > 0}
        fallback={<p class="hint">{t('Add a character node to say what it knows.')}</p>}
      >
        <p class="hint">
          {t('What each character knows when a story starts. Its own node it always knows.')}
        </p>
        <KnowledgeTable {...props} kind="nodes" caption={t('Nodes each character knows')} columns={nodes()} />
        <Show when={props.draft.relationships.length > 0}>
          <KnowledgeTable
            {...props}
            kind="relationships"
            caption={t('Relationships each character knows')}
            columns={relationships()}
          />
        </Show>
      </Show>
    </section>
  );
}
