// What the worker is doing for this story, in words ("Jane is acting…"), and quiet outcomes.
import type { JSX } from 'solid-js';
import type { Phase } from '../driver/env.ts';
import type { StoryState } from './story-state.ts';

export function phaseText(phase: Phase, nameOf: (id: string) => string): string {
  switch (phase.kind) {
    case 'selecting':
      return 'Choosing who acts next…';
    case 'acting':
      return `${nameOf(phase.actor)} is acting…`;
    case 'projecting':
      return `Projecting for ${phase.audiences.map(nameOf).join(', ')}…`;
    default:
      return phase satisfies never;
  }
}

export function PhaseStatus(props: { story: StoryState }): JSX.Element {
  const text = (): string => {
    const phase = props.story.phase();
    if (phase) return phaseText(phase, props.story.nameOf);
    return props.story.generating() ? 'Working…' : props.story.notice();
  };
  return (
    <p class="phase-status" role="status">
      {text()}
    </p>
  );
}
