// The world's nodes: add one, and for each its kind, name, aliases and Markdown body (edited and kept
// as plain text), or remove it with its relationships and what anyone knew of it.
import { For, type JSX } from 'solid-js';
import type { WorldNodeKind } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { newId } from '../ui/new-id.ts';
import { NODE_KINDS, kindLabel } from './world-words.ts';
import { withoutNode, type DraftProps, type NodeDraft } from './world-draft.ts';

function NodeFields(props: DraftProps & { node: NodeDraft; number: number; fresh: boolean }): JSX.Element {
  const index = (): number => props.draft.nodes.findIndex((n) => n.id === props.node.id);
  const set = (patch: Partial<NodeDraft>): void => props.edit('nodes', index(), patch);
  /** Read before each field, so every field's name says which node it is. */
  const prefix = (): string => `${t('Node {number}', { number: props.number })} `;
  return (
    <fieldset class="group world-node">
      <legend>
        {props.node.name.trim() || t('Node {number}', { number: props.number })}
        <span class="badge">{kindLabel(props.node.kind)}</span>
      </legend>
      <div class="node-head">
        <label class="field">
          <span>
            <span class="visually-hidden">{prefix()}</span>
            {t('Kind')}
          </span>
          <select
            value={props.node.kind}
            onChange={(e) => set({ kind: e.currentTarget.value as WorldNodeKind })}
          >
            <For each={NODE_KINDS}>{(kind) => <option value={kind}>{kindLabel(kind)}</option>}</For>
          </select>
        </label>
        <label class="field">
          <span>
            <span class="visually-hidden">{prefix()}</span>
            {t('Name')}
          </span>
          <input
            value={props.node.name}
            ref={(el) => props.fresh && focusOnMount(el)}
            onInput={(e) => set({ name: e.currentTarget.value })}
          />
        </label>
      </div>
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>
          {t('Aliases (comma-separated)')}
        </span>
        <input value={props.node.aliases} onInput={(e) => set({ aliases: e.currentTarget.value })} />
      </label>
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>
          {t('Body (Markdown)')}
        </span>
        <textarea rows={4} value={props.node.body} onInput={(e) => set({ body: e.currentTarget.value })} />
      </label>
      <button
        type="button"
        class="secondary small"
        onClick={() => props.edit((d) => withoutNode(d, props.node.id))}
      >
        {t('Remove node {number}', { number: props.number })}
      </button>
    </fieldset>
  );
}

export function NodesSection(props: DraftProps): JSX.Element {
  /** The node added last, whose name field takes the focus. */
  let added = '';
  const add = (): void => {
    added = newId();
    const node: NodeDraft = { id: added, kind: 'character', name: '', aliases: '', body: '' };
    props.edit('nodes', props.draft.nodes.length, node);
  };
  return (
    <section class="stack" aria-labelledby="world-nodes-title">
      <h3 id="world-nodes-title">{t('Nodes')}</h3>
      <For each={props.draft.nodes} fallback={<p class="muted">{t('No nodes yet.')}</p>}>
        {(node, i) => <NodeFields {...props} node={node} number={i() + 1} fresh={node.id === added} />}
      </For>
      <div class="row">
        <button type="button" class="secondary" onClick={add}>
          {t('Add node')}
        </button>
      </div>
    </section>
  );
}
