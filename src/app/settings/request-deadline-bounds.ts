// driver/request-deadline.ts's default and bounds, spelled again (the app takes no values from the
// driver); the settings schema judges what is saved, and a test keeps the two the same.
export const DEFAULT_REQUEST_TIMEOUT_S = 120;
export const MIN_REQUEST_TIMEOUT_S = 1;
export const MAX_REQUEST_TIMEOUT_S = 3_600;
