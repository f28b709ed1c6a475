// The composer: the user's turn ("Your turn", Send), who acts next (Auto or a character, Act), and
// Cancel while something is being generated.
import { For, Show, createSignal, createUniqueId, type JSX } from 'solid-js';
import type { ActChoice } from '../workers/api.ts';
import type { StoryState } from './story-state.ts';

const AUTO = '';

export function Composer(props: { story: StoryState }): JSX.Element {
  const story = props.story;
  const id = createUniqueId();
  const [draft, setDraft] = createSignal('');
  const [next, setNext] = createSignal(AUTO);
  const characters = () =>
    story.overview()?.participants.filter((p) => p.kind === 'character' && p.present) ?? [];
  const manual = (): boolean => story.overview()?.settings.turnSelection === 'manual';
  const choice = (): ActChoice => (next() === AUTO ? { auto: true } : { actor: next() });

  const send = async (): Promise<void> => {
    const text = draft();
    if (!text.trim() || story.generating()) return;
    if (await story.send(text, choice())) setDraft((current) => (current === text ? '' : current));
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    // Enter adds a line; Ctrl+Enter (⌘+Enter) sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      class="composer"
      aria-label="Composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label class="field" for={`${id}-turn`}>
        Your turn
      </label>
      <textarea
        id={`${id}-turn`}
        rows={3}
        value={draft()}
        aria-describedby={`${id}-hint`}
        onInput={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} class="hint">
        Ctrl+Enter sends.{' '}
        {manual() ? 'Then choose who acts next and press Act.' : 'Then the next character acts.'}
      </p>
      <div class="composer-row">
        <button type="submit" aria-disabled={story.generating()}>
          Send
        </button>
        <label class="inline-field">
          <span>Who acts next</span>
          <select value={next()} onChange={(event) => setNext(event.currentTarget.value)}>
            <option value={AUTO}>Auto</option>
            <For each={characters()}>
              {(c) => (
                <option value={c.id} selected={c.id === next()}>
                  {c.name}
                </option>
              )}
            </For>
          </select>
        </label>
        <button
          type="button"
          class="secondary"
          aria-disabled={story.generating()}
          onClick={() => !story.generating() && void story.act(choice())}
        >
          Act
        </button>
        <Show when={story.generating()}>
          <button type="button" class="danger" onClick={() => void story.cancel()}>
            Cancel
          </button>
        </Show>
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={manual()}
          onChange={(event) => void story.setManualTurns(event.currentTarget.checked)}
        />
        <span>I choose who acts (no automatic turn after Send)</span>
      </label>
    </form>
  );
}
