// One preset on the Presets panel: what it carries and suggests, its rules-prompt warning and problems,
// and what can be done with it (use in the open story, edit its title and description, ask its
// assistant, delete it).
import { Show, type JSX } from 'solid-js';
import type { PresetSummary } from '../../workers/api.ts';
import { clauseList, t } from '../i18n/ui-text.ts';
import { suggestedSamplingText } from './preset-sampling.tsx';
import { PresetAssistantButton } from './preset-assistant.tsx';
import { PresetDelete } from './preset-delete.tsx';
import { PresetDescriptionEditor } from './preset-description.tsx';

export function PresetItem(props: {
  preset: PresetSummary;
  /** Shown when a story is open: applies the preset to it. */
  onUse?: () => void;
  assistantOpen: boolean;
  onAssistant: (open: boolean) => void;
  onDescribed: () => void;
  onDeleted: (trashId: string) => void;
  onMessage: (text: string) => void;
}): JSX.Element {
  const p = () => props.preset;
  return (
    <li class="stack">
      <strong>{p().title}</strong>
      <Show when={p().description}>
        <span class="muted">{p().description}</span>
      </Show>
      <Show when={suggestedSamplingText(p().sampling)}>{(text) => <span class="muted">{text()}</span>}</Show>
      <Show when={p().warning}>
        <span class="error">{p().warning}</span>
      </Show>
      <Show when={p().problems.length}>
        <span class="error">
          {clauseList(
            p().problems.map((x) =>
              x.path ? t('{path}: {reason}', { path: x.path, reason: x.reason }) : x.reason,
            ),
          )}
        </span>
      </Show>
      <div class="row">
        <Show when={props.onUse}>
          {(use) => (
            <button type="button" onClick={() => use()()}>
              {t('Use in this story')}
            </button>
          )}
        </Show>
        <PresetDescriptionEditor
          presetId={p().id}
          title={p().title}
          description={p().description}
          onSaved={props.onDescribed}
        />
        <PresetDelete
          presetId={p().id}
          title={p().title}
          onDeleted={props.onDeleted}
          onMessage={props.onMessage}
        />
        <PresetAssistantButton title={p().title} open={props.assistantOpen} onToggle={props.onAssistant} />
      </div>
    </li>
  );
}
