// What the worker is doing for this story, in words ("Jane is acting…", "Turn 2 of 3: …" while they
// continue for several turns), and quiet outcomes.
import type { JSX } from 'solid-js';
import type { Phase } from '../../workers/api.ts';
import { nameList, t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function phaseText(phase: Phase, nameOf: (id: string) => string): string {
  switch (phase.kind) {
    case 'selecting':
      return t('Choosing who acts next…');
    case 'acting':
      return t('{name} is acting…', { name: nameOf(phase.actor) });
    case 'remembering':
      return t('{name} is taking stock of what they remember…', { name: nameOf(phase.participant) });
    case 'projecting':
      return t('Writing what {names} perceived…', {
        names: nameList(phase.audiences.map(nameOf)),
      });
    default:
      return phase satisfies never;
  }
}

export function PhaseStatus(props: { story: StoryState }): JSX.Element {
  const text = (): string => {
    const phase = props.story.phase();
    if (phase) return phaseText(phase, props.story.nameOf);
    return props.story.generating() ? t('Working…') : props.story.notice();
  };
  /** Several automatic turns in a row say which one this is. */
  const shown = (): string => {
    const step = props.story.continueStep();
    if (!step || !props.story.generating()) return text();
    return t('Turn {turn} of {count}: {doing}', { turn: step.turn, count: step.of, doing: text() });
  };
  return (
    <p class="phase-status" role="status">
      {shown()}
    </p>
  );
}
