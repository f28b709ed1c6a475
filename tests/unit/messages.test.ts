// The message catalogue. Three dictionaries share one mechanism: the driver's (text built from data in
// a story's language: tr(language, '…')), the worker's (what it tells the person: uiText('…'), and
// wording('…') in the backends, which the worker gives its uiText) and the interface's (t('…')).
// Every literal call site has a Chinese entry with the same placeholders, every entry is used, and the
// interface has no English left outside t().
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_MESSAGE_AREAS, UI_MESSAGES_ZH } from '../../src/app/i18n/zh/index.ts';
import { MESSAGES_ZH } from '../../src/driver/i18n/messages-zh.ts';
import { tr } from '../../src/driver/i18n/messages.ts';
import type { Messages } from '../../src/driver/i18n/translate.ts';
import { WORKER_MESSAGES_ZH } from '../../src/workers/i18n/messages-zh.ts';
import { untranslatedText } from '../support/untranslated-text.ts';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const LITERAL = String.raw`(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")`;

interface Catalogue {
  name: string;
  messages: Messages;
  /** The call, up to its key; a template literal is not a key. */
  call: RegExp;
  /** Source folders (under src/) whose calls it answers. */
  dirs: string[];
}

const CATALOGUES: Catalogue[] = [
  {
    name: 'driver',
    messages: MESSAGES_ZH,
    call: new RegExp(String.raw`\btr\(\s*[\w.?[\]'"]+\s*,\s*` + LITERAL, 'g'),
    dirs: ['driver', 'workers', 'backends', 'cli', 'app'],
  },
  {
    name: 'worker',
    messages: WORKER_MESSAGES_ZH,
    call: new RegExp(String.raw`\b(?:uiText|wording)\(\s*` + LITERAL, 'g'),
    // The backends word what they say with the worker's wording (src/backends stands beside the worker).
    dirs: ['workers', 'backends'],
  },
  {
    name: 'interface',
    messages: UI_MESSAGES_ZH,
    call: new RegExp(String.raw`\bt\(\s*` + LITERAL, 'g'),
    dirs: ['app'],
  },
];

function callSites(catalogue: Catalogue): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const dir of catalogue.dirs)
    for (const file of sourceFiles(join(SRC, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(catalogue.call)) {
        const key = (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1');
        keys.set(key, [...(keys.get(key) ?? []), file.slice(SRC.length + 1)]);
      }
    }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('finds the call sites (the scan works)', () => {
    const [driver, , ui] = CATALOGUES.map(callSites);
    expect(driver?.get('You are {name}.')).toEqual([
      'driver/turns/private-context.ts',
      'driver/world/world-block.ts',
    ]);
    expect(ui?.get('Settings')).toContain('app/shell/app.tsx');
    // Rooms in folders of their own are scanned too (the memory panel, the inspector's itemisation).
    expect(ui?.get('Forget')).toEqual(['app/memory/memory-list.tsx']);
    expect(ui?.get('Show full request')).toEqual(['app/inspector/full-request.tsx']);
  });

  for (const catalogue of CATALOGUES) {
    describe(`${catalogue.name} dictionary`, () => {
      const sites = callSites(catalogue);
      it('has a Chinese entry for every call site, with the same placeholders', () => {
        for (const [key, files] of sites) {
          const zh = catalogue.messages[key];
          expect(zh, `"${key}" (${files.join(', ')}) has no zh entry`).toBeDefined();
          expect(placeholders(zh ?? ''), `"${key}" placeholders`).toEqual(placeholders(key));
        }
      });
      it('uses every Chinese entry somewhere', () => {
        for (const key of Object.keys(catalogue.messages))
          expect(sites.has(key), `"${key}" is never used`).toBe(true);
      });
    });
  }

  it('keeps each interface area to its own keys', () => {
    const seen = new Map<string, string>();
    for (const [area, messages] of Object.entries(UI_MESSAGE_AREAS))
      for (const key of Object.keys(messages)) {
        expect(seen.get(key), `"${key}" is in both ${seen.get(key)} and ${area}`).toBeUndefined();
        seen.set(key, area);
      }
  });

  it('fills placeholders, tells a missing text in English, and refuses a missing value', () => {
    expect(tr('zh', 'You are {name}.', { name: '简' })).toBe('你是简。');
    expect(tr('en', 'You are {name}.', { name: 'Jane' })).toBe('You are Jane.');
    expect(tr('zh', 'Not in the catalogue, {name}.', { name: 'Jane' })).toBe('Not in the catalogue, Jane.');
    expect(() => tr('en', 'You are {name}.')).toThrow(/no value for \{name\}/);
  });
});

describe('the interface speaks through t()', () => {
  it('finds English written outside t() (the scan works)', () => {
    expect(untranslatedText(`const a = <p title="Open it">Hello there <b>{t('Yes')}</b></p>;`, true)).toEqual(
      ['Open it', 'Hello there'],
    );
    expect(untranslatedText(`setError('Could not save.'); t('Fine.'); new Error('A bug.')`, false)).toEqual([
      'Could not save.',
    ]);
  });

  it('has no English left outside t() in src/app', () => {
    const left: string[] = [];
    for (const file of sourceFiles(join(SRC, 'app'))) {
      if (file.includes(`${join('app', 'i18n')}`)) continue;
      for (const words of untranslatedText(readFileSync(file, 'utf8'), file.endsWith('.tsx')))
        left.push(`${file.slice(SRC.length + 1)}: ${words}`);
    }
    expect(left).toEqual([]);
  });
});
