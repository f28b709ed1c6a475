// How long one model request may take, its whole answer included (issue 19): the default and the
// bounds a person may set, shared by the backend that enforces it, the app's settings and the CLI.

/** A long actor answer from a slow local model fits well within it. */
export const DEFAULT_REQUEST_TIMEOUT_S = 120;
/** A quick local test, up to an hour for a slow model on a CPU. */
export const MIN_REQUEST_TIMEOUT_S = 1;
export const MAX_REQUEST_TIMEOUT_S = 3_600;
