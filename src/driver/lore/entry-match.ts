// An entry's keys against the scan text: which primary key matched and where, whether the secondary
// keys' logic (and any, and all, not any, not all) lets it through, and its group score.
import { compileKey, type KeyMatcher, type KeyOptions } from './key-match.ts';
import type { LoreRef, SecondaryMatch } from './reasons.ts';
import { SelectiveLogic, type LoreEntry } from '../doc/lore-book.ts';
import type { ScanText } from './scan-text.ts';

export type EntryMatch =
  | { ok: false; reason: 'no-keys' }
  | { ok: false; reason: 'no-match' }
  | { ok: false; reason: 'secondary'; key: string; logic: SelectiveLogic }
  /** `source`: null when the key is in the window, else the entry whose content holds it. */
  | { ok: true; key: string; source: LoreRef | null; secondary: SecondaryMatch | null };

export interface EntryMatcher {
  match(text: ScanText): EntryMatch;
  /** SillyTavern's group score: primary keys found, plus secondary ones (and-any; and-all when all are). */
  score(text: ScanText): number;
}

interface Compiled {
  key: string;
  test: KeyMatcher;
}

function compileAll(keys: readonly string[], options: KeyOptions): Compiled[] {
  return keys.flatMap((key) => {
    const test = compileKey(key, options);
    return test ? [{ key: key.trim(), test }] : [];
  });
}

function foundAnywhere(key: Compiled, text: ScanText): boolean {
  return (
    (text.window !== null && key.test(text.window)) || text.recursion.some((piece) => key.test(piece.text))
  );
}

/** The first primary key in the window; failing that, the first in the earliest fired content. */
function findPrimary(
  keys: readonly Compiled[],
  text: ScanText,
): { key: string; source: LoreRef | null } | null {
  const window = text.window;
  if (window !== null) {
    const hit = keys.find((key) => key.test(window));
    if (hit) return { key: hit.key, source: null };
  }
  for (const piece of text.recursion) {
    const hit = keys.find((key) => key.test(piece.text));
    if (hit) return { key: hit.key, source: piece.by };
  }
  return null;
}

/** The deciding secondary keys, or null when the logic refuses. */
function checkSecondary(logic: SelectiveLogic, keys: readonly Compiled[], text: ScanText): string[] | null {
  const found = keys.filter((key) => foundAnywhere(key, text)).map((key) => key.key);
  const absent = keys.map((key) => key.key).filter((key) => !found.includes(key));
  switch (logic) {
    case SelectiveLogic.andAny:
      return found.length > 0 ? found : null;
    case SelectiveLogic.andAll:
      return absent.length === 0 ? found : null;
    case SelectiveLogic.notAny:
      return found.length === 0 ? absent : null;
    case SelectiveLogic.notAll:
      return absent.length > 0 ? absent : null;
    default:
      return logic satisfies never;
  }
}

export function createEntryMatcher(entry: LoreEntry, options: KeyOptions): EntryMatcher {
  const primary = compileAll(entry.keys, options);
  const secondary = compileAll(entry.secondaryKeys, options);
  const logic = entry.selectiveLogic;
  return {
    match(text) {
      if (primary.length === 0) return { ok: false, reason: 'no-keys' };
      const hit = findPrimary(primary, text);
      if (!hit) return { ok: false, reason: 'no-match' };
      if (secondary.length === 0) return { ok: true, ...hit, secondary: null };
      const keys = checkSecondary(logic, secondary, text);
      if (!keys) return { ok: false, reason: 'secondary', key: hit.key, logic };
      return { ok: true, ...hit, secondary: { logic, keys } };
    },
    score(text) {
      const primaryFound = primary.filter((key) => foundAnywhere(key, text)).length;
      if (primary.length === 0 || secondary.length === 0) return primaryFound;
      const secondaryFound = secondary.filter((key) => foundAnywhere(key, text)).length;
      switch (logic) {
        case SelectiveLogic.andAny:
          return primaryFound + secondaryFound;
        case SelectiveLogic.andAll:
          return secondaryFound === secondary.length ? primaryFound + secondaryFound : primaryFound;
        case SelectiveLogic.notAny:
        case SelectiveLogic.notAll:
          return primaryFound;
        default:
          return logic satisfies never;
      }
    },
  };
}
