// One world of the library as it is being edited: its name and description, nodes, relationships,
// who knows what, its lorebooks and suggested preset. Save writes the whole world. The world
// authoring assistant opens beside it.
import { Show, createSignal, type JSX } from 'solid-js';
import { createStore, reconcile, unwrap } from 'solid-js/store';
import type { World } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { draftOf, worldInput } from './world-draft.ts';
import { NodesSection } from './nodes-section.tsx';
import { RelationshipsSection } from './relationships-section.tsx';
import { KnowledgeTables } from './knowledge-tables.tsx';
import { CharacterKnowledge } from './character-knowledge.tsx';
import { WorldAttachments } from './world-attachments.tsx';
import { AssistantPanel } from '../assistant/lazy-assistant-panel.ts';
import { WorldTranslate } from './world-translate.tsx';

export function WorldEditor(props: { world: World }): JSX.Element {
  const { api } = useDriver();
  // The world as it was opened; later library changes do not replace the edits in progress.
  const [draft, setDraft] = createStore(draftOf(props.world));
  const [error, setError] = createSignal('');
  const [status, setStatus] = createSignal('');
  const [dirty, setDirty] = createSignal(false);
  // One chat beside the world at a time (each panel is the page's region "Assistant").
  const [assistant, setAssistant] = createSignal(false);
  const [translating, setTranslating] = createSignal(false);
  const edit: typeof setDraft = (...args: unknown[]) => {
    setDirty(true);
    setStatus('');
    (setDraft as (...a: unknown[]) => void)(...args);
  };

  const save = async (): Promise<void> => {
    setError('');
    const saved = await runCommand(() => api.saveWorld(worldInput(unwrap(draft))), {
      error: setError,
      cancelled: setError,
    });
    if (!saved.ok) return;
    setDraft(reconcile(draftOf(saved.world)));
    setDirty(false);
    setStatus(t('Saved.'));
  };

  /** What the assistant wrote shows at once unless the person is editing (their edits are not replaced). */
  const assistantChanged = async (): Promise<void> => {
    if (dirty()) return;
    const world = (await api.listWorlds()).find((w) => w.id === props.world.id);
    if (world && !dirty()) setDraft(reconcile(draftOf(world)));
  };

  return (
    <section class="world-editor stack" aria-labelledby="world-editor-title">
      <h2 id="world-editor-title">{draft.name.trim() || t('Untitled world')}</h2>
      <div class="row">
        <button
          type="button"
          class="secondary"
          aria-expanded={assistant()}
          aria-controls="world-assistant"
          onClick={() => {
            setAssistant(!assistant());
            setTranslating(false);
          }}
        >
          {t('Assistant')}
        </button>
      </div>
      <Show when={assistant()}>
        <div id="world-assistant">
          <AssistantPanel
            subject={{ kind: 'world', id: props.world.id }}
            onChanged={() => void assistantChanged()}
          />
        </div>
      </Show>
      <WorldTranslate
        world={props.world}
        open={translating()}
        onToggle={() => {
          setTranslating(!translating());
          setAssistant(false);
        }}
      />
      <label class="field">
        <span>{t('Name of the world')}</span>
        <input value={draft.name} onInput={(e) => edit('name', e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{t('Description')}</span>
        <textarea
          rows={2}
          value={draft.description}
          onInput={(e) => edit('description', e.currentTarget.value)}
        />
      </label>
      <NodesSection draft={draft} edit={edit} />
      <RelationshipsSection draft={draft} edit={edit} />
      <KnowledgeTables draft={draft} edit={edit} />
      <CharacterKnowledge draft={draft} edit={edit} />
      <WorldAttachments draft={draft} edit={edit} />
      <div class="save-bar row">
        <button type="button" onClick={() => void save()}>
          {t('Save world')}
        </button>
        <Show when={dirty()}>
          <span class="muted">{t('Unsaved changes.')}</span>
        </Show>
        <span role="status">{status()}</span>
      </div>
      <ErrorAlert message={error()} />
    </section>
  );
}
