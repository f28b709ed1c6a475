// The part of the worker's API for the plot author's hint: an idea for where the story could go next,
// for the person to read. Re-exported by api.ts, the one file the app imports.
import type { StaleChoice } from '../../driver/turns/stale-history.ts';
import type { Result } from './result.ts';

export interface PlotHintApi {
  /**
   * Asks for a hint from the user's own transcript and persona, as the story's one generation (Cancel
   * ends it as `cancelled`). Nothing is stored: the hint is shown, never a turn. A stale history
   * refuses as `act` does, and is settled first with a choice.
   */
  plotHint(storyId: string, opts?: { stale?: StaleChoice }): Promise<Result<{ text: string }>>;
}
