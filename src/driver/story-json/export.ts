// Story JSON export: the whole tree (every branch), participants, settings, the active leaf, and the
// story's prompts (overrides, preset record, trash) when it has any. Bases go with their items, so
// what is stale here is stale after an import.
import type * as Y from 'yjs';
import { listPromptOverrides } from '../doc/prompt-overrides.ts';
import { listPromptTrash, readStoryPreset } from '../doc/story-preset.ts';
import { readMeta } from '../doc/story-doc.ts';
import { listParticipants } from '../doc/participants.ts';
import { readChronicle, recordKey, type Chronicle } from '../doc/chronicle.ts';
import { activeLeaf, readTurn } from '../doc/turns.ts';
import { allTurnsTopological } from '../doc/tree.ts';
import {
  STORY_JSON_FORMAT,
  STORY_JSON_PROMPTS_VERSION,
  STORY_JSON_VERSION,
  STORY_JSON_WORLD_VERSION,
  type StoryJson,
  type StoryJsonPrompts,
  type StoryJsonWorld,
} from './schema.ts';
import { readLoreSettings, readStoryBooks, readStoryWorld } from '../doc/story-world.ts';

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byKey = <T>(entries: Iterable<[string, T]>): Record<string, T> =>
  Object.fromEntries([...entries].sort(([a], [b]) => compare(a, b)));

/** The story's prompts, or undefined when it has none (its export then reads as before the field existed). */
function exportPrompts(doc: Y.Doc): StoryJsonPrompts | undefined {
  const overrides = listPromptOverrides(doc);
  const preset = readStoryPreset(doc);
  // Newest first, as listed; two copies of one file trashed at one instant in a fixed order too.
  const trash = listPromptTrash(doc).sort(
    (a, b) =>
      compare(b.at, a.at) ||
      compare(a.path, b.path) ||
      compare(a.text, b.text) ||
      compare(a.reason, b.reason),
  );
  if (overrides.size === 0 && preset === null && trash.length === 0) return undefined;
  return {
    version: STORY_JSON_PROMPTS_VERSION,
    // Sorted like participants: Y.Map order is local, the export must not depend on it.
    overrides: byKey(overrides),
    preset: preset && { ...preset, files: byKey(Object.entries(preset.files)) },
    trash,
  };
}

/** A segmented story's entries and audit read from its segments, per participant (the export's reads). */
export type SegmentChronicles = ReadonlyMap<string, Pick<Chronicle, 'entries' | 'audit'>>;

/** One record per key: `more` (a segment's) beside what the document read itself. */
const withRecords = <T>(own: T[], more: readonly T[] = []): T[] => [
  ...new Map([...own, ...more].map((r) => [recordKey(r as never), r])).values(),
];

/** A participant's chronicle, sorted so that every device exports it alike; nothing when it is empty. */
function exportChronicle(
  doc: Y.Doc,
  participant: string,
  segments?: SegmentChronicles,
): { chronicle?: Omit<Chronicle, 'memoryDigest'> } {
  // The digest is the root's index of memories the entries hold (CS4): the file carries the entries.
  const { memoryDigest: _digest, ...read } = readChronicle(doc, participant);
  const more = segments?.get(participant);
  const chronicle = {
    ...read,
    entries: withRecords(read.entries, more?.entries),
    audit: withRecords(read.audit, more?.audit),
  };
  const parts = Object.values(chronicle) as unknown[][];
  if (parts.every((p) => p.length === 0)) return {};
  const sorted = <T>(records: T[]): T[] =>
    [...records].sort((a, b) => compare(recordKey(a as never), recordKey(b as never)));
  return {
    chronicle: {
      entries: sorted(chronicle.entries),
      reviews: sorted(chronicle.reviews),
      corrections: sorted(chronicle.corrections),
      memoryEdits: sorted(chronicle.memoryEdits),
      checkpoints: sorted(chronicle.checkpoints),
      audit: sorted(chronicle.audit),
    },
  };
}

/** The story's world and lore, or undefined when it has neither. */
function exportWorld(doc: Y.Doc): StoryJsonWorld | undefined {
  const world = readStoryWorld(doc);
  const books = readStoryBooks(doc);
  if (!world && !books.length) return undefined;
  return { version: STORY_JSON_WORLD_VERSION, world, books, settings: readLoreSettings(doc) };
}

/** One readable turn of `doc` as the file has it (`doc` a story's one document or a segment's). */
export function exportTurn(doc: Y.Doc, id: string): StoryJson['turns'][number] {
  const t = readTurn(doc, id);
  return {
    id: t.id,
    parent: t.parent,
    author: t.author,
    audiences: t.audiences,
    origin: t.origin,
    source: t.source,
    ...(t.basis !== undefined ? { basis: t.basis } : {}),
    ...(t.edited ? { edited: true } : {}),
    ...(t.writtenBy !== undefined ? { writtenBy: t.writtenBy } : {}),
    ...(t.cut ? { cut: true } : {}),
    ...(t.rolls ? { rolls: t.rolls } : {}),
    createdAt: t.createdAt,
    pov: Object.fromEntries(
      Object.entries(t.pov)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([aud, r]) => [
          aud,
          {
            perceived: r.perceived,
            text: r.text,
            origin: r.origin,
            ...(r.basis ? { basis: r.basis } : {}),
            ...(r.cut ? { cut: true } : {}),
          },
        ]),
    ),
  };
}

/**
 * The file of a story whose turns (parents first) and active leaf are read already: all but them from
 * `doc`, with the chronicle records read from a segmented story's segments (`segments`).
 */
export function exportStoryWith(
  doc: Y.Doc,
  turns: StoryJson['turns'],
  activeLeaf: string | null,
  segments?: SegmentChronicles,
): StoryJson {
  const meta = readMeta(doc);
  const prompts = exportPrompts(doc);
  const world = exportWorld(doc);
  return {
    format: STORY_JSON_FORMAT,
    version: STORY_JSON_VERSION,
    id: meta.id,
    title: meta.title,
    language: meta.language,
    settings: meta.settings,
    // Sorted so that every device exports a converged document identically (Y.Map order is local).
    participants: listParticipants(doc)
      .sort((a, b) => (a.kind === b.kind ? (a.id < b.id ? -1 : 1) : a.kind === 'user' ? -1 : 1))
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        present: p.present,
        ...(p.removed ? { removed: true } : {}),
        ...(p.avatar ? { avatar: p.avatar } : {}),
        ...(p.kind === 'user' ? { persona: p.persona ?? '' } : { card: p.card ?? {} }),
        ...exportChronicle(doc, p.id, segments),
      })),
    turns,
    activeLeaf,
    ...(prompts ? { prompts } : {}),
    ...(world ? { world } : {}),
  };
}

export function exportStory(doc: Y.Doc): StoryJson {
  const turns = allTurnsTopological(doc).map((id) => exportTurn(doc, id));
  return exportStoryWith(doc, turns, activeLeaf(doc));
}
