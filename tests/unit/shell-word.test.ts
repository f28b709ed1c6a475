// The share command's story id, pasted into a real shell: whatever the id holds (a newline, a command
// substitution, quotes), the shell reads it back as one word and runs none of it.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellWord } from '../../src/app/sync/shell-word.ts';

describe('shellWord', () => {
  it('leaves a room name as it is', () => {
    expect(shellWord('gull-rock_2')).toBe('gull-rock_2');
  });

  it('is read back by sh as the same one word, running nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-word-'));
    const marker = join(dir, 'ran');
    for (const id of [
      `night\n touch ${marker}`,
      `$(touch ${marker})`,
      `it's "x" \`touch ${marker}\``,
      "''",
    ]) {
      const printed = execFileSync('/bin/sh', ['-c', `printf '%s|' ${shellWord(id)}`]).toString();
      expect(printed).toBe(`${id}|`);
    }
    expect(existsSync(marker)).toBe(false);
  });
});
