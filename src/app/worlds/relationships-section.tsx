// How the world's nodes stand to each other: each relationship a from-node, a label in the world's
// words ("sister of", "hidden in") and a to-node.
import { For, Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { newId } from '../ui/new-id.ts';
import { nodeName, withoutRelationship, type DraftProps, type RelationshipDraft } from './world-draft.ts';

function NodeSelect(
  props: DraftProps & { prefix: string; label: string; value: string; onChange: (id: string) => void },
) {
  return (
    <label class="field">
      <span>
        <span class="visually-hidden">{props.prefix}</span>
        {props.label}
      </span>
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <For each={props.draft.nodes}>
          {(node, i) => (
            <option value={node.id}>{nodeName(node, t('Node {number}', { number: i() + 1 }))}</option>
          )}
        </For>
      </select>
    </label>
  );
}

function RelationshipRow(props: DraftProps & { relationship: RelationshipDraft; number: number }) {
  const index = (): number => props.draft.relationships.findIndex((r) => r.id === props.relationship.id);
  const set = (patch: Partial<RelationshipDraft>): void => props.edit('relationships', index(), patch);
  /** Read before each field, so every field's name says which relationship it is. */
  const prefix = (): string => `${t('Relationship {number}', { number: props.number })} `;
  return (
    <li class="relationship-row">
      <NodeSelect
        {...props}
        prefix={prefix()}
        label={t('From')}
        value={props.relationship.from}
        onChange={(from) => set({ from })}
      />
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>
          {t('Label')}
        </span>
        <input value={props.relationship.label} onInput={(e) => set({ label: e.currentTarget.value })} />
      </label>
      <NodeSelect
        {...props}
        prefix={prefix()}
        label={t('To')}
        value={props.relationship.to}
        onChange={(to) => set({ to })}
      />
      <button
        type="button"
        class="secondary small"
        onClick={() => props.edit((d) => withoutRelationship(d, props.relationship.id))}
      >
        {t('Remove relationship {number}', { number: props.number })}
      </button>
    </li>
  );
}

export function RelationshipsSection(props: DraftProps): JSX.Element {
  const add = (): void => {
    const first = props.draft.nodes[0]?.id ?? '';
    const second = props.draft.nodes[1]?.id ?? first;
    const relationship = { id: newId(), from: first, to: second, label: '' };
    props.edit('relationships', props.draft.relationships.length, relationship);
  };
  return (
    <section class="stack" aria-labelledby="world-relationships-title">
      <h3 id="world-relationships-title">{t('Relationships')}</h3>
      <ul class="relationship-list">
        <For each={props.draft.relationships} fallback={<li class="muted">{t('No relationships yet.')}</li>}>
          {(relationship, i) => <RelationshipRow {...props} relationship={relationship} number={i() + 1} />}
        </For>
      </ul>
      <Show
        when={props.draft.nodes.length > 0}
        fallback={<p class="hint">{t('Add nodes first: a relationship joins two of them.')}</p>}
      >
        <div class="row">
          <button type="button" class="secondary" onClick={add}>
            {t('Add relationship')}
          </button>
        </div>
      </Show>
    </section>
  );
}
