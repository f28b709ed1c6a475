// The user's transcript: a log of what the user wrote and perceived, with the user's projection of
// the turn being generated streaming in, and a typing indicator while a character writes. Long
// stories are virtualised: only the rows near the viewport are loaded and rendered.
import { For, Show, createEffect, createMemo, createSignal, on, type JSX } from 'solid-js';
import { t } from '../../i18n/ui-text.ts';
import { PendingRow } from './pending-row.tsx';
import type { StoryState } from '../story-state.ts';
import { TranscriptRowView } from './transcript-row.tsx';
import { createTranscriptWindow } from './transcript-window.ts';
import type { RowActions, RowControl } from './row-actions.ts';
import './transcript.css';

export function TranscriptView(props: {
  story: StoryState;
  onInspect: (turnId: string) => void;
}): JSX.Element {
  const story = props.story;
  /** The streamed projection of a turn that has no row yet (its row appears once it is stored). */
  const unlisted = (): string | null => {
    const streaming = story.streaming();
    if (!streaming || story.rows.some((row) => row.turnId === streaming.turnId)) return null;
    return streaming.text;
  };
  const actingName = (): string | null => {
    const phase = story.phase();
    return phase?.kind === 'acting' ? story.nameOf(phase.actor) : null;
  };
  /** Who wrote the turn now being projected: the last actor of this generation. */
  const lastActor = createMemo<string | undefined>(
    (previous) => actingName() ?? (story.phase() ? previous : undefined),
    undefined,
  );
  const view = createTranscriptWindow(story, () => [
    story.rows.length,
    story.rows.at(-1)?.turnId,
    story.streaming()?.text,
    actingName(),
  ]);
  const lastIndex = (): number => story.length() - 1;
  /** The row being edited in place: one at a time. */
  const [editing, setEditing] = createSignal<string | null>(null);
  // Reading as someone else is read-only: an edit in place does not carry over into their eyes.
  createEffect(on(story.readingAs, () => setEditing(null), { defer: true }));
  /** Where the focus goes when a row is replaced by another turn (see RowActions). */
  let pendingFocus: { index: number; control: RowControl } | null = null;
  const keepFocus = (index: number, control: RowControl, command: Promise<void>): void => {
    pendingFocus = { index, control };
    void command.finally(() => (pendingFocus = null));
  };
  const actions: RowActions = {
    inspect: (turnId) => props.onInspect(turnId),
    switchBranch: (turnId, index, control) => keepFocus(index, control, story.switchBranch(turnId)),
    regenerate: (turnId, index) => keepFocus(index, 'regenerate', story.regenerate(turnId)),
    continueTurn: (turnId, index) => keepFocus(index, 'continue', story.continueTurn(turnId)),
    claimFocus(index) {
      if (pendingFocus?.index !== index) return null;
      const { control } = pendingFocus;
      pendingFocus = null;
      return control;
    },
    busy: () => story.generating(),
    writing: () => story.generating() || story.background().running,
    editing,
    setEditing,
    saveRowText: (row, opened, text) => story.saveRowText(row, opened, text),
    deleteFrom(turnId) {
      setEditing(null);
      void story.deleteFrom(turnId);
    },
    inert: () => story.readingAs() !== null || story.provisional(),
    readingAs: () => {
      const reader = story.readingAs();
      return reader === null ? null : story.nameOf(reader);
    },
    writeViews: () => void story.completeViews(),
  };
  return (
    <div
      class="transcript"
      role="log"
      aria-label={t('Transcript')}
      aria-busy={story.generating() || story.provisional()}
      data-last-screen={story.provisional() ? '' : undefined}
    >
      <Show when={story.length() > 0 || story.generating()} fallback={<EmptyTranscript />}>
        <Show when={story.notHere()}>
          {(count) => (
            <p class="transcript-not-here" role="note">
              {t(
                'The first {count} turns of this story are not on this device yet. They come from the sync server while this device is online and syncing (Settings → Sync).',
                { count: count() },
              )}
            </p>
          )}
        </Show>
        <ol
          class="turns"
          ref={(el) => view.setList(el)}
          style={{ 'padding-top': `${view.padTop()}px`, 'padding-bottom': `${view.padBottom()}px` }}
        >
          <For each={view.rows()}>
            {(row) => (
              <TranscriptRowView
                row={row}
                last={row.index === lastIndex()}
                actions={actions}
                measure={view.measure}
                streamingText={story.streaming()?.turnId === row.turnId ? story.streaming()?.text : undefined}
              />
            )}
          </For>
        </ol>
        <Show when={unlisted() || actingName()}>
          <ol class="turns">
            <Show when={unlisted()}>{(text) => <PendingRow author={lastActor()} text={text()} />}</Show>
            <Show when={actingName()}>{(name) => <PendingRow author={name()} typing />}</Show>
          </ol>
        </Show>
      </Show>
    </div>
  );
}

function EmptyTranscript(): JSX.Element {
  return <p class="muted transcript-empty">{t('The story has not begun. Write the first turn below.')}</p>;
}
