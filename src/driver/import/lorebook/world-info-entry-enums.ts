// An entry's enumerations read from SillyTavern's numbers (also given as text), its names in any case,
// or ours; the V2 book's before_char/after_char. A value that is none of those takes the default, and
// is said so; a position Rashomon places elsewhere is said in `converted`.
import {
  LorePosition,
  LoreRole,
  SelectiveLogic,
  type LorePosition as Position,
  type LoreRole as Role,
  type SelectiveLogic as Logic,
} from '../../doc/lore-book.ts';
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { ENTRY_FIELDS, findField, type EntryField } from './world-info-fields.ts';
import { ST_LOGIC, ST_ROLE, StPosition, V2_POSITION, positionFromSt } from './world-info-enums.ts';
import { positionNote } from './world-info-notes.ts';

/** A number of an enumeration, or one of its names (ours, or SillyTavern's in any case). */
function readEnum<T extends string>(
  entry: Record<string, unknown>,
  field: EntryField,
  notes: ImportNotes,
  about: string,
  read: (value: unknown) => T | undefined,
  fallback: T,
): T {
  const found = findField(entry, ENTRY_FIELDS[field]);
  if (!found || found[1] === null) return fallback;
  const value = read(
    typeof found[1] === 'string' && /^\s*\d+\s*$/.test(found[1]) ? Number(found[1]) : found[1],
  );
  if (value !== undefined) return value;
  notes.add(
    'warnings',
    tr(notes.language, '{field} could not be read; the default was used', { field: found[0] }),
    about,
  );
  return fallback;
}

const byName = <T extends string>(names: Record<string, T>, v: unknown): T | undefined =>
  typeof v === 'string' ? names[v.trim().toLowerCase().replace(/[\s-]/g, '_')] : undefined;

const LOGIC_NAMES: Record<string, Logic> = {
  and_any: SelectiveLogic.andAny,
  not_all: SelectiveLogic.notAll,
  not_any: SelectiveLogic.notAny,
  and_all: SelectiveLogic.andAll,
};

export function readLogic(entry: Record<string, unknown>, notes: ImportNotes, about: string): Logic {
  return readEnum(
    entry,
    'selectiveLogic',
    notes,
    about,
    (v) => (typeof v === 'number' ? ST_LOGIC[v] : byName(LOGIC_NAMES, v)),
    SelectiveLogic.andAny,
  );
}

const ROLE_NAMES: Record<string, Role> = {
  system: LoreRole.system,
  user: LoreRole.user,
  assistant: LoreRole.assistant,
};

export function readRole(entry: Record<string, unknown>, notes: ImportNotes, about: string): Role {
  return readEnum(
    entry,
    'role',
    notes,
    about,
    (v) => (typeof v === 'number' ? ST_ROLE[v] : byName(ROLE_NAMES, v)),
    LoreRole.system,
  );
}

const POSITION_NAMES: Record<string, Position> = {
  before_card: LorePosition.beforeCard,
  after_card: LorePosition.afterCard,
  at_depth: LorePosition.atDepth,
};

/** SillyTavern's number (0–7), the V2 book's before_char/after_char, or our own names. */
export function readPosition(entry: Record<string, unknown>, notes: ImportNotes, about: string): Position {
  return readEnum(
    entry,
    'position',
    notes,
    about,
    (v) => {
      const st = typeof v === 'number' ? v : typeof v === 'string' ? V2_POSITION[v.trim()] : undefined;
      if (st === undefined) return byName(POSITION_NAMES, v);
      if (!(Object.values(StPosition) as number[]).includes(st)) return undefined;
      positionNote(st as StPosition, notes, about);
      return positionFromSt(st as StPosition);
    },
    // SillyTavern's template puts a new entry before the character.
    LorePosition.beforeCard,
  );
}
