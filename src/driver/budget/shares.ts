// How a request's room is shared out beyond its stable instructions: the volatile tail gets a fixed
// share (whatever this one request needs of it), and the history window gets the rest. Fixed shares
// keep the window's budget the same from one request to the next, and with it the cached prefix.

/** An actor's tail: what it remembers of turns before its window, and its current state. */
export const MEMORY_SHARE = 0.2;
/** A projector's tail: the one new source (a character's turn of up to its max_tokens, or the user's) and what the target knows of the people in it. */
export const SOURCE_SHARE = 0.3;
/** The selector's chronology of recent sources takes the whole room; its tail is a list of names. */
export const CANDIDATES_SHARE = 0.05;
