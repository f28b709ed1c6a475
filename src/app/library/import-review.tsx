// What a file holds, shown before anything is written: its kind and name, the card's spec and sizes,
// what was converted or left out, and warnings; for a chat, how it becomes a story.
import { For, Show, type JSX } from 'solid-js';
import type { ChatImportMode, ImportKind, ImportReport, TwinChoice } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export function kindLabel(kind: ImportKind): string {
  switch (kind) {
    case 'character':
      return t('a character card');
    case 'lorebook':
      return t('a lorebook');
    case 'chat':
      return t('a SillyTavern chat');
    case 'preset':
      return t('a SillyTavern preset');
    case 'story':
      return t('a Rashomon story');
    default:
      return kind satisfies never;
  }
}

function facts(r: ImportReport): string[] {
  return [
    ...(r.spec ? [t('Card spec: {spec}', { spec: r.spec.toUpperCase() })] : []),
    ...(r.descriptionLength !== undefined
      ? [t('Description: {count} characters', { count: r.descriptionLength })]
      : []),
    ...(r.greetings !== undefined ? [t('Greetings: {count}', { count: r.greetings })] : []),
    ...(r.lorebookEntries !== undefined
      ? [t('Lorebook entries: {count}', { count: r.lorebookEntries })]
      : []),
    ...(r.assets !== undefined ? [t('Assets: {count}', { count: r.assets })] : []),
    ...(r.messages !== undefined ? [t('Messages: {count}', { count: r.messages })] : []),
  ];
}

function Listed(props: { title: string; items: readonly string[] }): JSX.Element {
  return (
    <Show when={props.items.length}>
      <h3>{props.title}</h3>
      <ul>
        <For each={props.items}>{(item) => <li>{item}</li>}</For>
      </ul>
    </Show>
  );
}

/** The card's variable-system rule entries (K11): left out by default, disabled, not deleted. */
function VariableRules(props: {
  names: readonly string[];
  leaveOut: boolean;
  onLeaveOut: (leaveOut: boolean) => void;
}): JSX.Element {
  return (
    <fieldset class="group">
      <legend>{t('Variable-system rules')}</legend>
      <label class="check">
        <input
          type="checkbox"
          checked={props.leaveOut}
          onChange={(event) => props.onLeaveOut(event.currentTarget.checked)}
        />
        {t(
          'Leave out {count} entries that tell the model to write variable updates (disabled in the book, not deleted)',
          {
            count: props.names.length,
          },
        )}
      </label>
    </fieldset>
  );
}

/** The library already holds one of this name (K13): replace it or keep both; Cancel is the third answer. */
function TwinQuestion(props: {
  twin: NonNullable<ImportReport['twin']>;
  choice: TwinChoice | undefined;
  onChoice: (choice: TwinChoice) => void;
}): JSX.Element {
  return (
    <fieldset class="group" role="radiogroup">
      <legend>
        {props.twin.same
          ? t('“{name}” is already in your library, the same as this file.', { name: props.twin.name })
          : t('Your library already has a “{name}”.', { name: props.twin.name })}
      </legend>
      <label class="check">
        <input
          type="radio"
          name="import-twin"
          checked={props.choice === 'replace'}
          onChange={() => props.onChoice('replace')}
        />
        {t('Replace it')}
      </label>
      <label class="check">
        <input
          type="radio"
          name="import-twin"
          checked={props.choice === 'keep-both'}
          onChange={() => props.onChoice('keep-both')}
        />
        {t('Keep both (the new one named apart)')}
      </label>
    </fieldset>
  );
}

export function ImportReview(props: {
  fileName: string;
  report: ImportReport;
  chatMode: ChatImportMode;
  onChatMode: (mode: ChatImportMode) => void;
  leaveOutRules: boolean;
  onLeaveOutRules: (leaveOut: boolean) => void;
  twin: TwinChoice | undefined;
  onTwin: (choice: TwinChoice) => void;
  busy: boolean;
  onImport: () => void;
  onCancel: () => void;
}): JSX.Element {
  return (
    <section class="panel import-review" aria-labelledby="import-review-title">
      <h2 id="import-review-title">
        {t('{file}: {kind}, “{name}”', {
          file: props.fileName,
          kind: kindLabel(props.report.kind),
          name: props.report.name,
        })}
      </h2>
      <ul class="import-facts">
        <For each={facts(props.report)}>{(fact) => <li>{fact}</li>}</For>
      </ul>
      <Listed title={t('Warnings')} items={props.report.warnings} />
      <Listed title={t('Converted')} items={props.report.converted} />
      <Listed title={t('Left out')} items={props.report.dropped} />
      <Show when={props.report.variableRules?.length ? props.report.variableRules : undefined}>
        {(names) => (
          <VariableRules names={names()} leaveOut={props.leaveOutRules} onLeaveOut={props.onLeaveOutRules} />
        )}
      </Show>
      <Show when={props.report.twin}>
        {(twin) => <TwinQuestion twin={twin()} choice={props.twin} onChoice={props.onTwin} />}
      </Show>
      <Show when={props.report.kind === 'chat'}>
        <fieldset class="group">
          <legend>{t('Who perceived what')}</legend>
          <label class="check">
            <input
              type="radio"
              name="chat-mode"
              checked={props.chatMode === 'perceived-all'}
              onChange={() => props.onChatMode('perceived-all')}
            />
            {t('Everyone perceived everything, as written (each view is the message itself)')}
          </label>
          <label class="check">
            <input
              type="radio"
              name="chat-mode"
              checked={props.chatMode === 'project-later'}
              onChange={() => props.onChatMode('project-later')}
            />
            {t('Project from here: each one’s view is made by the model when the story needs it')}
          </label>
        </fieldset>
      </Show>
      <div class="row">
        <button
          type="button"
          disabled={props.busy || (props.report.twin !== undefined && props.twin === undefined)}
          onClick={() => props.onImport()}
        >
          {t('Import')}
        </button>
        <button type="button" class="secondary" onClick={() => props.onCancel()}>
          {t('Cancel')}
        </button>
      </div>
    </section>
  );
}
