// The turn inspector's data and commands: one turn's authored source and every audience's variant,
// re-read whenever the story changes (an edit elsewhere, a regeneration, staleness moving), and the
// editing commands with their outcome. The user may read every variant here; no character's model
// call ever receives another audience's variant: the worker builds each call from its own POV.
import { createSignal, onCleanup, type Accessor } from 'solid-js';
import type {
  Branched,
  Result,
  StaleChoice,
  StaleSummary,
  TextDeltaOp,
  TurnInspection,
} from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { latestOnly } from '../ui/latest-only.ts';
import { runCommand } from '../ui/run-command.ts';

export type InspectorAction =
  'regenerate-projection' | 'regenerate-from' | 'keep' | 'mark-nothing' | 'branch';

export interface InspectorState {
  storyId: string;
  turnId: string;
  turn: Accessor<TurnInspection | undefined>;
  /** Why the turn could not be read or the last command failed, or ''. */
  error: Accessor<string>;
  /** The command running now, or null. */
  busy: Accessor<InspectorAction | null>;
  /** Regenerate from here was refused: what is stale in the history before the turn, the person chooses; else null. */
  staleBefore: Accessor<StaleSummary | null>;
  editSource(delta: TextDeltaOp[]): void;
  editVariant(audience: string, delta: TextDeltaOp[]): void;
  regenerateProjection(audience: string): Promise<boolean>;
  /** With `stale`, the stale history before the turn is kept or rewritten first. */
  regenerateFrom(stale?: StaleChoice): Promise<boolean>;
  /** Accepts a stale item as it is: the turn itself, or one audience's variant. */
  keepAsIs(audience?: string): Promise<boolean>;
  markPerceivedNothing(audience: string): Promise<boolean>;
  /** Ends the story's path at this turn, so the next turn continues from it; null when it did not. */
  branchFrom(): Promise<Branched | null>;
}

export function createInspectorState(storyId: string, turnId: string): InspectorState {
  const { api, onStoryChanged } = useDriver();
  const [turn, setTurn] = createSignal<TurnInspection>();
  const [error, setError] = createSignal('');
  const [busy, setBusy] = createSignal<InspectorAction | null>(null);
  const [staleBefore, setStaleBefore] = createSignal<StaleSummary | null>(null);
  /** A read issued before the latest read or edit may not hold it, so its answer is dropped. */
  const load = latestOnly<Result<{ turn: TurnInspection }>>(
    () => api.inspectTurn(storyId, turnId),
    (result) => (result.ok ? setTurn(result.turn) : setError(result.detail)),
  );
  void load();
  // Any change may move this turn's badges (staleness follows edits of earlier turns), not only its own.
  onCleanup(onStoryChanged(storyId, () => void load()));

  /** Sends an edit; the change it causes brings a fresh read. */
  const edit = (command: () => Promise<Result>): void => {
    load.invalidate();
    const failed = (detail: string): void => {
      setError(detail);
      void load();
    };
    void command().then(
      (result) => !result.ok && failed(result.detail),
      (thrown: unknown) => failed(t('That edit was not saved: {reason}', { reason: String(thrown) })),
    );
  };
  const run = async (action: InspectorAction, command: () => Promise<Result>): Promise<boolean> => {
    if (busy()) return false;
    setError('');
    setStaleBefore(null);
    setBusy(action);
    try {
      const result = await runCommand(command, {
        error: setError,
        // Said where the inspector says what went wrong: it has no quieter place.
        cancelled: setError,
        // Regenerate from here, refused for the stale history before the turn: the person chooses.
        answer(failure) {
          if (failure.code !== 'stale-history' || action !== 'regenerate-from') return false;
          setStaleBefore(failure.stale ?? { turns: [], from: 0, byHand: 0 });
          return true;
        },
      });
      return result.ok;
    } finally {
      setBusy(null);
      await load();
    }
  };

  return {
    storyId,
    turnId,
    turn,
    error,
    busy,
    staleBefore,
    editSource: (delta) => edit(() => api.editSource(storyId, turnId, delta)),
    editVariant: (audience, delta) => edit(() => api.editPov(storyId, turnId, audience, delta)),
    regenerateProjection: (audience) =>
      run('regenerate-projection', () => api.regenerateProjection(storyId, turnId, audience)),
    regenerateFrom: (stale) =>
      run('regenerate-from', () => api.regenerateFrom(storyId, turnId, stale ? { stale } : {})),
    keepAsIs: (audience) =>
      run('keep', () =>
        audience === undefined ? api.keepAsIs(storyId, turnId) : api.keepAsIs(storyId, turnId, audience),
      ),
    markPerceivedNothing: (audience) =>
      run('mark-nothing', () => api.markPerceivedNothing(storyId, turnId, audience)),
    async branchFrom() {
      const answer: { branched: Branched | null } = { branched: null };
      const ok = await run('branch', async () => {
        const result = await api.branchFrom(storyId, turnId);
        if (result.ok) answer.branched = { turn: result.turn, leaf: result.leaf };
        return result;
      });
      return ok ? answer.branched : null;
    },
  };
}
