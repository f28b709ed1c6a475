// "Let them continue" in steps: which of the automatic turns asked for is under way, told by the
// phases (each turn is one actor call, so one 'acting' phase; choosing and taking stock come before it).
import { createEffect, createSignal, on, type Accessor } from 'solid-js';
import type { Phase } from '../../workers/api.ts';

/** Turn `turn` (counted from 1) of the `of` asked for. */
export interface ContinueStep {
  turn: number;
  of: number;
}

export interface ContinueProgress {
  /** While several automatic turns run: which one, else null. */
  step: Accessor<ContinueStep | null>;
  /** Runs `command` for `turns` automatic turns, counting them as their phases come. */
  during(turns: number, command: () => Promise<void>): Promise<void>;
}

export function createContinueProgress(phase: Accessor<Phase | null>): ContinueProgress {
  const [asked, setAsked] = createSignal(0);
  const [acted, setActed] = createSignal(0);
  const [acting, setActing] = createSignal(false);
  createEffect(
    // By kind: two turns' phases are never both 'acting' without another between them.
    on(
      () => phase()?.kind ?? null,
      (kind) => {
        if (kind === 'acting') setActed((n) => n + 1);
        setActing(kind === 'acting' || kind === 'projecting');
      },
    ),
  );
  return {
    step() {
      const of = asked();
      if (of < 2) return null;
      // Choosing who acts next and taking stock belong to the turn about to be written.
      return { turn: Math.min(of, acting() ? Math.max(1, acted()) : acted() + 1), of };
    },
    async during(turns, command) {
      setActed(0);
      setActing(false);
      setAsked(turns);
      try {
        await command();
      } finally {
        setAsked(0);
      }
    },
  };
}
