// The part of the worker's API for two play commands a roleplayer expects: Continue (a character's last
// turn taken further) and Suggest my turn (a draft of the user's next one). Re-exported by api.ts, the
// one file the app imports.
import type { StaleChoice } from '../../driver/turns/stale-history.ts';
import type { Result } from './result.ts';

export interface ContinueSuggestApi {
  /**
   * Takes `turnId`, the last turn of the active path and a character's generated one, further: a new
   * alternative at its place, projected for everyone (the old one stays a ‹ › away). A stale history
   * refuses as `act` does; a failure after the new turn was stored carries its `turnId`.
   */
  continueTurn(
    storyId: string,
    turnId: string,
    opts?: { stale?: StaleChoice },
  ): Promise<Result<{ turnId: string }>>;
  /**
   * Drafts the user's next turn from the user's own transcript and persona; `onDraft` is given the
   * draft so far as it streams (a Comlink proxy). Nothing is stored; Cancel ends it as `cancelled`.
   * A stale history refuses as `act` does, and is settled first with a choice.
   */
  suggestTurn(
    storyId: string,
    onDraft: (draft: string) => void,
    opts?: { stale?: StaleChoice },
  ): Promise<Result<{ text: string }>>;
}
