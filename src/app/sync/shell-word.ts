// One word of a POSIX shell command, for the commands the app shows to be pasted into a terminal.
/**
 * `word` as one word of a POSIX shell command: ids are room names (letters, digits, _ and -) and need
 * nothing, but a story stored before ids were checked is quoted, so pasting never runs any of it.
 */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_-]+$/.test(word) ? word : "'".concat(word.replaceAll("'", "'\\''"), "'");
}
