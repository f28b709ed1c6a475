// What a file holds, shown before anything is written: its kind and name, the card's spec and sizes,
// what was converted or left out, and warnings; for a preset, what became of each of its prompts; for
// a chat, how it becomes a story.
import { For, Show, type JSX } from 'solid-js';
import type { ChatImportMode, ImportKind, ImportReport, TwinChoice, WhoWasThere } from '../../workers/api.ts';
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

/** What became of each prompt of a preset (R14): here, and on the Presets screen after its import. */
export function PromptLists(props: { prompts: { mapped: string[]; leftOut: string[] } }): JSX.Element {
  return (
    <>
      <Listed
        title={t('Prompts mapped ({count})', { count: props.prompts.mapped.length })}
        items={props.prompts.mapped}
      />
      <Listed
        title={t('Prompts left out ({count})', { count: props.prompts.leftOut.length })}
        items={props.prompts.leftOut}
      />
    </>
  );
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

/** One answer of several, as radio buttons under a legend. */
function Choices<T extends string>(props: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  chosen: T | undefined;
  onChoose: (value: T) => void;
}): JSX.Element {
  return (
    <fieldset class="group">
      <legend>{props.legend}</legend>
      <For each={props.options}>
        {(option) => (
          <label class="check">
            <input
              type="radio"
              name={props.name}
              checked={props.chosen === option.value}
              onChange={() => props.onChoose(option.value)}
            />
            {option.label}
          </label>
        )}
      </For>
    </fieldset>
  );
}

/** The library already holds one of this name (K13): replace it or keep both; Cancel is the third answer. */
const twinLegend = (twin: NonNullable<ImportReport['twin']>): string =>
  twin.same
    ? t('“{name}” is already in your library, the same as this file.', { name: twin.name })
    : t('Your library already has a “{name}”.', { name: twin.name });

export function ImportReview(props: {
  fileName: string;
  report: ImportReport;
  chatMode: ChatImportMode;
  onChatMode: (mode: ChatImportMode) => void;
  leaveOutRules: boolean;
  onLeaveOutRules: (leaveOut: boolean) => void;
  twin: TwinChoice | undefined;
  onTwin: (choice: TwinChoice) => void;
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
      <Show when={props.report.prompts}>{(prompts) => <PromptLists prompts={prompts()} />}</Show>
      {/* A card's variable-system rule entries (K12): left out by default, disabled, not deleted. */}
      <Show when={props.report.variableRules?.length}>
        {(count) => (
          <fieldset class="group">
            <legend>{t('Variable-system rules')}</legend>
            <label class="check">
              <input
                type="checkbox"
                checked={props.leaveOutRules}
                onChange={(event) => props.onLeaveOutRules(event.currentTarget.checked)}
              />
              {t(
                'Leave out {count} entries that tell the model to write variable updates (disabled in the book, not deleted)',
                { count: count() },
              )}
            </label>
          </fieldset>
        )}
      </Show>
      <Show when={props.report.twin}>
        {(twin) => (
          <Choices
            legend={twinLegend(twin())}
            name="import-twin"
            options={[
              { value: 'replace', label: t('Replace it') },
              { value: 'keep-both', label: t('Keep both (the new one named apart)') },
            ]}
            chosen={props.twin}
            onChoose={props.onTwin}
          />
        )}
      </Show>
      <Show when={props.report.kind === 'chat'}>
        <Choices
          legend={t('Who perceived what')}
          name="chat-mode"
          options={[
            {
              value: 'perceived-all',
              label: t('Everyone perceived everything, as written (each view is the message itself)'),
            },
            {
              value: 'project-later',
              label: t('Project from here: each one’s view is made by the model when the story needs it'),
            },
          ]}
          chosen={props.chatMode}
          onChoose={props.onChatMode}
        />
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
