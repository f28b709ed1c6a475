// Stop strings as typed in a field: one a line, and `\n` for a line break inside one (a stop string
// is often a line break and a name, "\nSam:"), so the field shows what the request carries.

const NEWLINE_ESCAPE = '\\n';

/** The stop strings of the field's text: one a line, empty lines dropped, `\n` a line break. */
export function parseStopStrings(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replaceAll(NEWLINE_ESCAPE, '\n'));
}

/** The field's text for stop strings (their line breaks written `\n`). */
export function formatStopStrings(stop: readonly string[] | undefined): string {
  return (stop ?? []).map((s) => s.replaceAll('\n', NEWLINE_ESCAPE)).join('\n');
}
