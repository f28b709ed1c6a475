// What the worker is doing for this story while the person waits, in words ("Jane is writing… 54
// words", "Writing what you perceive…", "Turn 2 of 3: …" while they continue for several turns), quiet
// outcomes, and when there is nothing else to say, the story's background work (background-status.tsx).
import { Show, type JSX } from 'solid-js';
import type { Phase } from '../../workers/api.ts';
import { nameList, t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';
import { BackgroundStatus } from './background-status.tsx';

/** What a phase's words need of the story: names, whose view is the person's, the actor's words so far. */
export interface PhaseContext {
  nameOf: (id: string) => string;
  userId: string | undefined;
  actorWords: number;
}

/** How much the acting character has written, beside the phase ("54 words"), or '' before its first word. */
export function writtenText(words: number): string {
  if (words === 0) return '';
  return words === 1 ? t('1 word') : t('{count} words', { count: words });
}

export function phaseText(phase: Phase, story: PhaseContext): string {
  switch (phase.kind) {
    case 'selecting':
      return t('Choosing who acts next…');
    case 'acting': {
      const name = story.nameOf(phase.actor);
      return story.actorWords === 0 ? t('{name} is acting…', { name }) : t('{name} is writing…', { name });
    }
    case 'remembering':
      return t('{name} is taking stock of what they remember…', { name: story.nameOf(phase.participant) });
    case 'projecting':
      // The person's own view is what they wait for; the others' come with it only in a batch.
      if (story.userId !== undefined && phase.audiences.includes(story.userId))
        return t('Writing what you perceive…');
      return t('Writing what {names} perceived…', {
        names: nameList(phase.audiences.map(story.nameOf)),
      });
    default:
      return phase satisfies never;
  }
}

export function PhaseStatus(props: { story: StoryState }): JSX.Element {
  const text = (): string => {
    const story = props.story;
    const phase = story.phase();
    if (phase)
      return phaseText(phase, {
        nameOf: story.nameOf,
        userId: story.overview()?.userId,
        actorWords: story.actorWords(),
      });
    return story.generating() ? t('Working…') : story.notice();
  };
  /** Several automatic turns in a row say which one this is. */
  const shown = (): string => {
    const step = props.story.continueStep();
    if (!step || !props.story.generating()) return text();
    return t('Turn {turn} of {count}: {doing}', { turn: step.turn, count: step.of, doing: text() });
  };
  /** The count changes with every few tokens: it is shown, not announced (the status says the rest once). */
  const written = (): string => writtenText(props.story.actorWords());
  return (
    <p class="phase-status" role="status">
      <Show when={shown()} fallback={<BackgroundStatus story={props.story} />}>
        {shown()}
      </Show>
      <Show when={written()}>
        {' '}
        <span aria-hidden="true">{written()}</span>
      </Show>
    </p>
  );
}
