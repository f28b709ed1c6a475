// Stop strings as the generation fields type them: one a line, `\n` a line break inside one.
import { describe, expect, it } from 'vitest';
import { formatStopStrings, parseStopStrings } from '../../src/app/settings/stop-strings.ts';

describe('stop strings in a field', () => {
  it('reads one a line, drops empty lines, and turns \\n into a line break', () => {
    expect(parseStopStrings('THE END\n\n\\nSam:\n  \n')).toEqual(['THE END', '\nSam:']);
    expect(parseStopStrings('')).toEqual([]);
  });

  it('writes them back as they were typed', () => {
    expect(formatStopStrings(['THE END', '\nSam:'])).toBe('THE END\n\\nSam:');
    expect(parseStopStrings(formatStopStrings(['a\nb', 'c']))).toEqual(['a\nb', 'c']);
    expect(formatStopStrings(undefined)).toBe('');
  });
});
