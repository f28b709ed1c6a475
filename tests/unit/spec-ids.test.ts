// The SPECs' rule ids and the tests that cite them stay in step: every id is defined once across
// src/driver/SPEC.md and sync-server/SPEC.md, every id a test cites exists, and every rule is cited
// by at least one test (a rule nothing checks is a promise nobody keeps).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SPECS = ['src/driver/SPEC.md', 'sync-server/SPEC.md'];
/** A rule as a SPEC defines it: a list item opening with its id in bold. */
const DEFINED = /^- \*\*([A-Z][A-Z0-9-]*\d+)\*\*/gm;
/** A citation in a test: an id in square brackets (a hyphenated one too, so a wrong spelling shows). */
const CITED = /\[([A-Z][A-Z-]*\d+)\]/g;
const TEST_FILE = /\.(ts|tsx|mjs|js)$/;

function definitions(): Array<{ id: string; spec: string }> {
  return SPECS.flatMap((spec) =>
    [...readFileSync(join(ROOT, spec), 'utf8').matchAll(DEFINED)].map((m) => ({ id: m[1] as string, spec })),
  );
}

function citations(): Map<string, string[]> {
  const dir = join(ROOT, 'tests');
  const cited = new Map<string, string[]>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!TEST_FILE.test(file)) continue;
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(CITED)) {
      const id = m[1] as string;
      cited.set(id, [...(cited.get(id) ?? []), relative(ROOT, join(dir, file))]);
    }
  }
  return cited;
}

describe('SPEC ids and the tests that cite them', () => {
  const defined = definitions();
  const ids = new Set(defined.map((d) => d.id));
  const cited = citations();

  it('finds the rules and the citations (not vacuous)', () => {
    expect(ids.size).toBeGreaterThan(200);
    expect(cited.size).toBeGreaterThan(200);
  });

  it('defines every id once, across both SPECs', () => {
    const twice = defined.filter((d, i) => defined.findIndex((e) => e.id === d.id) !== i);
    expect(twice.map((d) => `${d.id} (${d.spec})`)).toEqual([]);
  });

  it('every id a test cites is a rule of a SPEC', () => {
    const unknown = [...cited].filter(([id]) => !ids.has(id)).map(([id, files]) => `${id}: ${files[0]}`);
    expect(unknown).toEqual([]);
  });

  it('every rule is cited by at least one test', () => {
    expect([...ids].filter((id) => !cited.has(id))).toEqual([]);
  });
});
