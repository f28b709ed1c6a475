// Where fired lore goes in a request. The card sits in the cached prefix, so what SillyTavern puts
// before or after it is told at the tail (before-card entries first, each group in insertion order);
// an at-depth entry goes into the history window that many entries before its end, as a note of the
// narrator or as a line of the user or the character, as its role says.
import type { LoreEntry } from '../doc/lore-book.ts';
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { withNames } from '../prompts/card-names.ts';

export interface DepthNote {
  depth: number;
  /** The line as the history shows it. */
  text: string;
}

export interface Placed {
  /** The tail block, or '' when nothing goes there. */
  tail: string;
  notes: DepthNote[];
}

export const NO_LORE: Placed = { tail: '', notes: [] };

/** `fired` in insertion order; `names`: the user's and the participant's names, for at-depth lines. */
export function placeLore(
  fired: ReadonlyArray<{ entry: LoreEntry }>,
  names: { user: string; self: string },
  language: Language,
): Placed {
  const content = (e: LoreEntry) => withNames(e.content.trim(), { name: names.self, user: names.user });
  const told = fired.map((f) => f.entry).filter((e) => content(e));
  const at = (position: LoreEntry['position']) => told.filter((e) => e.position === position).map(content);
  const tailParts = [...at('before-card'), ...at('after-card')];
  const tail = tailParts.length
    ? [tr(language, 'What you know that bears on this:'), ...tailParts].join('\n\n')
    : '';
  const notes = told
    .filter((e) => e.position === 'at-depth')
    .map((e) => ({ depth: e.depth, text: depthLine(e, content(e), names, language) }));
  return { tail, notes };
}

function depthLine(
  e: LoreEntry,
  text: string,
  names: { user: string; self: string },
  language: Language,
): string {
  switch (e.role) {
    case 'system':
      return tr(language, '[{note}]', { note: text });
    case 'user':
      return `${names.user}: ${text}`;
    case 'assistant':
      return `${names.self}: ${text}`;
    default:
      return e.role satisfies never;
  }
}

/** The window with each note put `depth` entries before its end (0: after the newest), in order. */
export function withNotes(history: readonly string[], notes: readonly DepthNote[]): string[] {
  if (!notes.length) return [...history];
  const out = [...history];
  const byPlace = new Map<number, string[]>();
  for (const n of notes) {
    const place = Math.max(0, history.length - n.depth);
    byPlace.set(place, [...(byPlace.get(place) ?? []), n.text]);
  }
  // From the end back, so each insertion leaves the places before it where they were.
  for (const place of [...byPlace.keys()].sort((a, b) => b - a))
    out.splice(place, 0, ...(byPlace.get(place) ?? []));
  return out;
}

/** For a projection: what fired for the audience, wherever it would go in its own request, as one block. */
export function projectorLoreBlock(
  fired: ReadonlyArray<{ entry: LoreEntry }>,
  names: { user: string; self: string },
  language: Language,
): string {
  const target = names.self;
  const told = fired
    .map((f) => withNames(f.entry.content.trim(), { name: names.self, user: names.user }))
    .filter(Boolean);
  if (!told.length) return '';
  const heading = tr(
    language,
    'What {name} knows of the world, to tell what is what (never write it as perceived now):',
    {
      name: target,
    },
  );
  return [heading, ...told].join('\n\n');
}
