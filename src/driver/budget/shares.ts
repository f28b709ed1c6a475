// How a request's room is shared out beyond its stable instructions: the volatile tail gets a fixed
// share (whatever this one request needs of it), and the history window gets the rest. Fixed shares
// keep the window's budget the same from one request to the next, and with it the cached prefix.

/** An actor's tail: what it remembers of turns before its window, and its current state. */
export const MEMORY_SHARE = 0.2;
/**
 * An actor's tail, in a story with a world: the nodes it knows. (Lore's share is the story's setting,
 * `budgetPercent`, reserved only where lore reaches the participant.)
 */
export const WORLD_SHARE = 0.1;
/**
 * A projector's tail: the one new source and a few of the target's memories. Most sources are a
 * character's turn or a short user turn; a longer one takes its extra room from that request's window.
 */
export const SOURCE_SHARE = 0.15;
/** The selector's tail is a list of names. */
export const CANDIDATES_SHARE = 0.05;
/**
 * The selector reads at most this many estimated tokens of recent sources: enough to see who was
 * addressed and who has been silent, bounded for cost on a large context.
 */
export const SELECTOR_HISTORY_TOKENS = 1500;
/**
 * The same where the server keeps too few prompts (`shortWindows`), so the selector's is read again
 * before every turn: enough for the last few turns (who was addressed, whose situation just changed).
 */
export const SHORT_SELECTOR_TOKENS = 512;
