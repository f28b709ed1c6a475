// Every labelled row of docs/validation-examples.md as a test: the file is read and its tables parsed,
// so a row added there is checked here and the two cannot drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/driver/doc/schema.ts';
import {
  validateActorOutput,
  validateProjection,
  type RejectionRule,
} from '../../src/driver/validation/index.ts';

const FILE = new URL('../../docs/validation-examples.md', import.meta.url);

interface DocRow {
  id: string;
  /** The speaker of the source, or the actor when there is no source. */
  by: string;
  source: string | null;
  output: string;
  verdict: 'accept' | 'reject';
  rule: RejectionRule | undefined;
  why: string;
}

const CASTS: Record<Language, { participants: string[]; user: string; target: string }> = {
  en: { participants: ['Wren', 'Jane', 'Jess', 'Mara', 'Tobin'], user: 'Wren', target: 'Jane' },
  zh: { participants: ['雷恩', '简', '杰丝', '玛拉', '托宾'], user: '雷恩', target: '简' },
};

const VERDICT = /^(accept|reject)(?: \(hard\))?(?: ([a-z-]+))?$/;
const cell = (text: string): string => text.trim().replace(/^`(.*)`$/, '$1');

function docRows(markdown: string): DocRow[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| *Z?[A-Z]\d+ *\|/.test(line))
    .map((line) => {
      const cells = line.split('|').slice(1, -1).map(cell);
      const [id = '', by = '', source = '', output = '', verdict = '', why = ''] = cells;
      const v = VERDICT.exec(verdict);
      if (cells.length !== 6 || v === null) throw new Error(`unreadable row: ${line}`);
      return {
        id,
        by,
        source: source === '—' ? null : source,
        output,
        verdict: v[1] === 'accept' ? 'accept' : 'reject',
        rule: v[2] as RejectionRule | undefined,
        why,
      };
    });
}

const languageOf = (row: DocRow): Language => (row.id.startsWith('Z') ? 'zh' : 'en');

function verdictOf(row: DocRow) {
  const language = languageOf(row);
  const { participants, user, target } = CASTS[language];
  if (row.source === null) {
    const others = participants.filter((n) => n !== row.by);
    return validateActorOutput(row.output, {
      actor: row.by,
      others,
      user: row.by === user ? null : user,
      language,
    });
  }
  return validateProjection(row.output, {
    target,
    speaker: row.by,
    participants,
    source: row.source,
    language,
  });
}

/** The SPEC rules a row's check stands on, for its title. */
function rulesOf(row: DocRow): string {
  if (row.id.includes('E')) return '[V12]';
  if (row.source === null) return '[V5][V11]';
  switch (row.rule) {
    case 'adds-action':
      return '[V8]';
    case 'adds-event':
      return '[V9]';
    case 'retells-earlier':
      return '[V10]';
    default:
      return '[V8][V9][V10]';
  }
}

const rows = docRows(readFileSync(FILE, 'utf8'));

describe('docs/validation-examples.md', () => {
  it('holds rows, each id once, each refusal naming its rule', () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows) expect(row.verdict === 'reject', row.id).toBe(row.rule !== undefined);
  });

  for (const row of rows)
    it(`${rulesOf(row)} [example ${row.id}] ${row.verdict}s ${row.why}: ${row.output}`, () => {
      const verdict = verdictOf(row);
      const expected =
        row.verdict === 'accept' ? { ok: true } : { ok: false, rule: row.rule, reason: expect.any(String) };
      expect(verdict, JSON.stringify(verdict)).toMatchObject(expected);
    });
});
