// The message catalogue: every tr(…, 'literal') call site in the source has a Chinese entry with the
// same placeholders, and every Chinese entry is used somewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES_ZH } from '../../src/driver/i18n/messages-zh.ts';
import { tr } from '../../src/driver/i18n/messages.ts';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** tr(language, 'literal' or "literal", …), across lines; a template literal is not a key. */
const CALL = /\btr\(\s*[\w.?[\]'"]+\s*,\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")/g;

function callSites(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(CALL)) {
      const key = (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1');
      keys.set(key, [...(keys.get(key) ?? []), file.slice(SRC.length + 1)]);
    }
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  const sites = callSites();

  it('finds the call sites (the scan works)', () => {
    expect(sites.size).toBeGreaterThan(10);
    expect(sites.get('You are {name}.')).toEqual(['driver/private-context.ts']);
  });

  it('has a Chinese entry for every tr call site, with the same placeholders', () => {
    for (const [key, files] of sites) {
      const zh = MESSAGES_ZH[key];
      expect(zh, `"${key}" (${files.join(', ')}) has no zh entry`).toBeDefined();
      expect(placeholders(zh ?? ''), `"${key}" placeholders`).toEqual(placeholders(key));
    }
  });

  it('uses every Chinese entry somewhere', () => {
    for (const key of Object.keys(MESSAGES_ZH)) expect(sites.has(key), `"${key}" is never used`).toBe(true);
  });

  it('fills placeholders, tells a missing text in English, and refuses a missing value', () => {
    expect(tr('zh', 'You are {name}.', { name: '简' })).toBe('你是简。');
    expect(tr('en', 'You are {name}.', { name: 'Jane' })).toBe('You are Jane.');
    expect(tr('zh', 'Not in the catalogue, {name}.', { name: 'Jane' })).toBe('Not in the catalogue, Jane.');
    expect(() => tr('en', 'You are {name}.')).toThrow(/no value for \{name\}/);
  });
});
