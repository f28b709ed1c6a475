// Who acts next: Auto (the selector) or a named character, Act for one turn, Cancel while something
// is being generated; and "Let them continue" for several automatic turns in a row.
import { For, Show, createSignal, createUniqueId, type JSX } from 'solid-js';
import type { ActChoice } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export const AUTO = '';
/** "Let them continue" asks for at most this many turns at once: each one is a model call or more. */
const MAX_CONTINUE_TURNS = 20;
const DEFAULT_CONTINUE_TURNS = 3;

export const choiceOf = (next: string): ActChoice => (next === AUTO ? { auto: true } : { actor: next });

export function ActControls(props: {
  story: StoryState;
  next: string;
  onNext: (next: string) => void;
}): JSX.Element {
  const story = props.story;
  const characters = () =>
    story.overview()?.participants.filter((p) => p.kind === 'character' && p.present) ?? [];
  const idle = (): boolean => !story.generating();
  return (
    <>
      <label class="inline-field">
        <span>{t('Who acts next')}</span>
        <select value={props.next} onChange={(event) => props.onNext(event.currentTarget.value)}>
          <option value={AUTO}>{t('Auto')}</option>
          <For each={characters()}>
            {(c) => (
              <option value={c.id} selected={c.id === props.next}>
                {c.name}
              </option>
            )}
          </For>
        </select>
      </label>
      <button
        type="button"
        class="secondary"
        aria-disabled={!idle()}
        onClick={() => idle() && void story.act(choiceOf(props.next))}
      >
        {t('Act')}
      </button>
      <Show when={story.generating()}>
        <button type="button" class="danger" onClick={() => void story.cancel()}>
          {t('Cancel')}
        </button>
      </Show>
    </>
  );
}

export function ContinueControls(props: { story: StoryState }): JSX.Element {
  const id = createUniqueId();
  const [turns, setTurns] = createSignal(DEFAULT_CONTINUE_TURNS);
  const idle = (): boolean => !props.story.generating();
  return (
    <div class="composer-row">
      <button
        type="button"
        class="secondary"
        title={t(
          'The characters take this many turns in a row, each chosen automatically; Cancel stops them',
        )}
        aria-disabled={!idle()}
        onClick={() => idle() && void props.story.continueFor(turns())}
      >
        {t('Let them continue')}
      </button>
      <label class="inline-field" for={`${id}-turns`}>
        {t('for')}
        <span class="visually-hidden"> {t('how many turns')}</span>
      </label>
      <input
        id={`${id}-turns`}
        class="turn-count"
        type="number"
        min="1"
        max={MAX_CONTINUE_TURNS}
        value={turns()}
        onInput={(event) => {
          const n = Math.round(event.currentTarget.valueAsNumber);
          if (n >= 1) setTurns(Math.min(n, MAX_CONTINUE_TURNS));
        }}
      />
      <span aria-hidden="true">{t('turns')}</span>
    </div>
  );
}
