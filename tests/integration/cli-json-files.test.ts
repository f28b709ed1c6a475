// The CLI reads JSON files as the app does (issue 19): a UTF-8 BOM before a story, a scene or a library
// file is no part of it, and a file nested too deep is refused in one line (exit 2), never a stack trace.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_TIMEOUT, rashomon } from '../support/cli-process.ts';
import { closedPort } from '../support/closed-port.ts';
import { MAX_JSON_DEPTH } from '../../src/driver/import/json-text.ts';

const dir = mkdtempSync(join(tmpdir(), 'rashomon-json-files-'));
const put = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const BOM = '\uFEFF';
const story = {
  format: 'rashomon.story',
  version: 1,
  id: 'bom',
  title: 'Ferry',
  language: 'en',
  participants: [
    { id: 'u', kind: 'user', name: 'Sam' },
    { id: 'c', kind: 'character', name: 'Mira' },
  ],
  turns: [{ id: 't1', parent: null, author: 'u', audiences: ['u'], origin: 'authored', source: 'I wave.' }],
  activeLeaf: 't1',
};

describe('[SJ4] the CLI reads JSON files with a BOM', () => {
  it(
    '[SJ4] transcript of a story, a library file to add to, and a scene, each starting with a BOM',
    async () => {
      const file = put('story.json', BOM + JSON.stringify(story));
      const view = await rashomon('transcript', file, '--as', 'Sam');
      expect(view.stderr).toBe('');
      expect(view.code).toBe(0);
      expect(view.stdout).toContain('I wave.');

      const library = put('library.json', `${BOM}{"format":"rashomon.library","version":1,"lorebooks":[]}`);
      const book = put('book.json', JSON.stringify({ entries: [{ key: ['a'], content: 'A.' }] }));
      const added = await rashomon('import', book, '--out', library);
      expect(added.stderr).toBe('');
      expect(JSON.parse(readFileSync(library, 'utf8')).lorebooks).toHaveLength(1);

      // A scene with no steps asks no model: the server's address may be closed.
      const scene = put('scene.json', BOM + JSON.stringify({ story, steps: [] }));
      const out = join(dir, 'out.json');
      const base = `http://127.0.0.1:${await closedPort()}/v1`;
      const run = await rashomon('run', scene, '--base-url', base, '--model', 'm', '--out', out);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(readFileSync(out, 'utf8')).turns).toHaveLength(1);
    },
    CLI_TIMEOUT,
  );

  it(
    '[SJ2] a story nested too deep is refused in one line, exit 2',
    async () => {
      const deep = '['.repeat(10_000) + ']'.repeat(10_000);
      const file = put('deep.json', JSON.stringify(story).replace('"title"', `"x":${deep},"title"`));
      for (const args of [
        ['transcript', file, '--as', 'Sam'],
        ['import', file, '--dry-run'],
      ]) {
        const r = await rashomon(...args);
        expect(r.code).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);
      }
    },
    CLI_TIMEOUT,
  );
});
