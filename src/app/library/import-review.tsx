// What a file holds, shown before anything is written: its kind and name, the card's spec and sizes,
// what was converted or left out, and warnings; for a chat, how it becomes a story.
import { For, Show, type JSX } from 'solid-js';
import type { ChatImportMode, ImportKind, ImportReport, WhoWasThere } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { WhoWasThereTable } from './who-was-there.tsx';

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

export function ImportReview(props: {
  fileName: string;
  report: ImportReport;
  chatMode: ChatImportMode;
  onChatMode: (mode: ChatImportMode) => void;
  /** A group chat's who was there, as the person sets it. */
  whoWasThere?: WhoWasThere | undefined;
  onWhoWasThere: (value: WhoWasThere) => void;
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
      <Show when={props.report.group && props.whoWasThere}>
        {(value) => (
          <WhoWasThereTable
            members={props.report.group?.members ?? []}
            messages={props.report.messages ?? 0}
            value={value()}
            onChange={(v) => props.onWhoWasThere(v)}
          />
        )}
      </Show>
      <div class="row">
        <button type="button" disabled={props.busy} onClick={() => props.onImport()}>
          {t('Import')}
        </button>
        <button type="button" class="secondary" onClick={() => props.onCancel()}>
          {t('Cancel')}
        </button>
      </div>
    </section>
  );
}
