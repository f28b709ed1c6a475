// The composer: a turn written by the user ("Your turn", Send), or by hand for a character ("Write
// as"); who acts next and "Let them continue" (act-controls.tsx); the scene's options, folded away;
// above it all, the stale-history question when there is one (stale-banner.tsx).
import { For, createEffect, createSignal, createUniqueId, type JSX } from 'solid-js';
import { ActControls, AUTO, ContinueControls, choiceOf } from './act-controls.tsx';
import { t } from '../i18n/ui-text.ts';
import { SceneOptions } from './scene-options.tsx';
import { StaleBanner } from './stale-banner.tsx';
import { keepFocusClearOf } from './composer-clearance.ts';
import { MissingViewsBanner } from './missing-views-banner.tsx';
import { SuggestTurnButton } from './suggest-turn-button.tsx';
import { PlotHintButton, PlotHintNote } from './plot-hint.tsx';
import { DiceRoll } from './dice-roll.tsx';
import type { StoryState } from './story-state.ts';

const YOU = '';

export function Composer(props: {
  story: StoryState;
  ref?: (textbox: HTMLTextAreaElement) => void;
  /** Opens "What X remembers" (from the scene's options). */
  onRemember: (participantId: string) => void;
}): JSX.Element {
  const story = props.story;
  const id = createUniqueId();
  const [draft, setDraft] = createSignal('');
  const [plotHint, setPlotHint] = createSignal<string | null>(null);
  const [next, setNext] = createSignal(AUTO);
  const [author, setAuthor] = createSignal(YOU);
  const present = () =>
    story.overview()?.participants.filter((p) => p.kind === 'character' && p.present) ?? [];
  const manual = (): boolean => story.overview()?.settings.turnSelection === 'manual';
  /** The character the turn is written for, if it is still in the scene. */
  const writingAs = (): string | undefined =>
    author() !== YOU && present().some((p) => p.id === author()) ? author() : undefined;

  /** The text being sent, and the story's length before it: it leaves the composer once its turn is stored. */
  const [sending, setSending] = createSignal<{ text: string; before: number } | null>(null);
  const clearSent = (text: string): void => {
    setSending(null);
    setDraft((current) => (current === text ? '' : current));
  };
  // The turn is in the story (the others may still be answering): the composer is free at once, so
  // what was sent never looks unsent. While a stale history waits for the choice nothing is stored,
  // and the draft stays.
  createEffect(() => {
    const s = sending();
    if (s && story.length() > s.before) clearSent(s.text);
  });
  const send = async (): Promise<void> => {
    const text = draft();
    if (!text.trim() || story.generating()) return;
    setSending({ text, before: story.length() });
    const stored = await story.send(text, choiceOf(next()), writingAs());
    if (stored) clearSent(text);
    else setSending(null);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    // Enter adds a line; Ctrl+Enter (⌘+Enter) sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };
  const hint = (): string => {
    const as = writingAs();
    if (as)
      return t('Ctrl+Enter sends. Written as {name}, exactly as you type it; nobody acts after it.', {
        name: story.nameOf(as),
      });
    return manual()
      ? t('Ctrl+Enter sends. Then choose who acts next and press Act.')
      : t('Ctrl+Enter sends. Then the next character acts.');
  };

  return (
    <form
      class="composer"
      ref={keepFocusClearOf}
      aria-label={t('Composer')}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <StaleBanner story={story} />
      <MissingViewsBanner story={story} />
      <label class="field" for={`${id}-turn`}>
        {t('Your turn')}
      </label>
      <textarea
        id={`${id}-turn`}
        ref={props.ref}
        rows={3}
        value={draft()}
        aria-describedby={`${id}-hint`}
        onInput={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} class="hint">
        {hint()}
      </p>
      <div class="composer-row">
        <button type="submit" aria-disabled={story.generating()}>
          {t('Send')}
        </button>
        <SuggestTurnButton story={story} draft={draft} onDraft={setDraft} />
        <PlotHintButton story={story} onHint={setPlotHint} />
        <label class="inline-field">
          <span>{t('Write as')}</span>
          <select value={writingAs() ?? YOU} onChange={(event) => setAuthor(event.currentTarget.value)}>
            <option value={YOU}>{t('You')}</option>
            <For each={present()}>
              {(c) => (
                <option value={c.id} selected={c.id === writingAs()}>
                  {c.name}
                </option>
              )}
            </For>
          </select>
        </label>
        <ActControls story={story} next={next()} onNext={setNext} />
        <DiceRoll story={story} next={() => choiceOf(next())} />
      </div>
      <PlotHintNote text={plotHint()} onHide={() => setPlotHint(null)} />
      <ContinueControls story={story} />
      <SceneOptions story={story} onRemember={props.onRemember} />
    </form>
  );
}
