// Story JSON import: everything is checked before anything is written, so a refused file imports
// nothing; errors name the field and the turn, in the language asked for (the person's, in the app).
// Bases come from the file (what was stale at export is stale again); items without one, as in
// files from before bases were exported, are stamped fresh.
import { DocOrigin } from '../doc/origins.ts';
import * as Y from 'yjs';
import type { z } from 'zod';
import type { Language } from '../doc/schema.ts';
import { createStory } from '../doc/story-doc.ts';
import { addParticipant } from '../doc/participants.ts';
import { appendTurn } from '../doc/turns.ts';
import { writePov } from '../doc/pov.ts';
import { setActiveLeaf } from '../doc/tree.ts';
import { setPromptOverride } from '../doc/prompt-overrides.ts';
import { tr } from '../i18n/messages.ts';
import { safeParseIn } from '../i18n/zod-messages.ts';
import { trashPrompt, writeStoryPreset } from '../doc/story-preset.ts';
import { stampFreshBases } from './stamp-bases.ts';
import { oversizedText, turnField } from './field-limits.ts';
import { parentsFirst, turnInLoop } from './turn-order.ts';
import { RESERVED_STORY_IDS } from '../doc/story-id.ts';
import {
  STORY_JSON_PROMPTS_VERSION,
  storyJsonSchema,
  type StoryJson,
  type StoryJsonChronicle,
} from './schema.ts';
import { writeRecords } from '../doc/chronicle.ts';
import { writeLoreSettings, writeStoryBook, writeStoryWorld } from '../doc/story-world.ts';

export type ImportResult =
  { ok: true; doc: Y.Doc; story: StoryJson } | { ok: false; code: 'invalid-story'; detail: string };

const fail = (detail: string): ImportResult => ({ ok: false, code: 'invalid-story', detail });

/** The basis of an item the file gave none: stamped fresh once the tree is in (never a fingerprint). */
const UNSTAMPED = '';

function zodProblem(issues: readonly z.core.$ZodIssue[], input: unknown, language: Language): string {
  const issue = issues[0];
  if (!issue) return tr(language, 'The file is not a Rashomon story.');
  const path = issue.path;
  let where = path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  if (path[0] === 'turns' && typeof path[1] === 'number') {
    const id = (input as { turns?: Array<{ id?: unknown }> }).turns?.[path[1]]?.id;
    if (typeof id === 'string') where = turnField(language, where, id);
  }
  if (path[0] === 'format')
    return tr(language, 'format must be "rashomon.story": this file is not a Rashomon story.');
  if (path[0] === 'version')
    return tr(language, 'version {version} is not supported (this Rashomon reads version 1).', {
      version: JSON.stringify((input as { version?: unknown }).version),
    });
  if (path[0] === 'prompts' && path[1] === 'version' && path.length === 2) {
    const version = (input as { prompts?: { version?: unknown } }).prompts?.version;
    const reads = STORY_JSON_PROMPTS_VERSION;
    return version === undefined
      ? tr(language, 'prompts.version is missing (this Rashomon reads prompts version {reads}).', { reads })
      : tr(
          language,
          'prompts.version {version} is not supported (this Rashomon reads prompts version {reads}).',
          { version: JSON.stringify(version), reads },
        );
  }
  // A bad record key (a prompt path) says what a key must look like, not just that it is invalid.
  const message = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  return tr(language, '{field}: {problem}', { field: where || tr(language, 'story'), problem: message });
}

/** Semantic checks the schema cannot express. Returns the first problem (in `language`), or null. */
export function storyProblem(s: StoryJson, language: Language = 'en'): string | null {
  if (RESERVED_STORY_IDS.has(s.id))
    return tr(
      language,
      'id: "{id}" names the library\'s sync room, so no story may have it. Give the story another id (1-128 characters of A-Z a-z 0-9 _ -) and import again.',
      { id: s.id },
    );
  const users = s.participants.filter((p) => p.kind === 'user');
  if (users.length === 0)
    return tr(language, 'participants: the story has no user participant (exactly one is needed).');
  if (users.length > 1)
    return tr(language, 'participants: the story has {count} user participants (exactly one is allowed).', {
      count: users.length,
    });
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const [i, p] of s.participants.entries()) {
    if (ids.has(p.id))
      return tr(language, '{field}: "{id}" is used twice.', { field: `participants[${i}].id`, id: p.id });
    ids.add(p.id);
    const key = p.name.trim().toLocaleLowerCase();
    if (names.has(key))
      return tr(language, '{field}: "{name}" is used twice (names are unique, ignoring case).', {
        field: `participants[${i}].name`,
        name: p.name,
      });
    names.add(key);
  }
  const turnIds = new Set(s.turns.map((t) => t.id));
  if (turnIds.size !== s.turns.length) return tr(language, 'turns: a turn id is used twice.');
  const notATurn = (field: string, id: string) =>
    tr(language, '{field}: "{id}" is not a turn of this story.', { field, id });
  const notAParticipant = (field: string, id: string) =>
    tr(language, '{field}: "{id}" is not a participant.', { field, id });
  for (const [i, t] of s.turns.entries()) {
    const at = turnField(language, `turns[${i}]`, t.id);
    // An empty turn would have its missing views projected from nothing (D14).
    if (!t.source.trim())
      return tr(language, '{field}: the turn has no text. Write what happens in it, or leave the turn out.', {
        field: `${at}.source`,
      });
    if (t.parent !== null && !turnIds.has(t.parent)) return notATurn(`${at}.parent`, t.parent);
    if (!ids.has(t.author)) return notAParticipant(`${at}.author`, t.author);
    for (const a of t.audiences) if (!ids.has(a)) return notAParticipant(`${at}.audiences`, a);
    for (const [a, rec] of Object.entries(t.pov)) {
      const field = `${at}.pov.${a}`;
      if (a === t.author)
        return tr(
          language,
          '{field}: the author has no POV record of their own turn (the source is their view).',
          { field },
        );
      if (!t.audiences.includes(a))
        return tr(language, '{field}: "{id}" is not an audience of this turn.', { field, id: a });
      if (!rec.perceived && rec.text !== '')
        return tr(language, '{field}: perceived is false but text is not empty.', { field });
      // Perceiving nothing is `perceived: false`; an empty perceived text would be a third state (D14).
      if (rec.perceived && !rec.text.trim())
        return tr(
          language,
          '{field}: perceived is true but text is empty. Give what was perceived, or set perceived to false if nothing was.',
          { field: `${field}.text` },
        );
    }
  }
  if (s.activeLeaf !== null && !turnIds.has(s.activeLeaf)) return notATurn('activeLeaf', s.activeLeaf);
  // A chronicle speaks of this story's turns and people only.
  for (const [i, p] of s.participants.entries()) {
    const at = `participants[${i}].chronicle`;
    for (const [j, e] of (p.chronicle?.entries ?? []).entries()) {
      const bad = e.turns.find((t) => !turnIds.has(t));
      if (bad !== undefined) return notATurn(`${at}.entries[${j}].turns`, bad);
      const who = e.changes.find((c) => !ids.has(c.subject));
      if (who) return notAParticipant(`${at}.entries[${j}].changes`, who.subject);
    }
  }
  // The world and the lore speak of this story's people only.
  const world = s.world?.world;
  for (const [field, keyed] of [
    ['world.world.characters', world?.characters ?? {}],
    ['world.world.knowledge', world?.knowledge ?? {}],
  ] as const)
    for (const who of Object.keys(keyed)) if (!ids.has(who)) return notAParticipant(field, who);
  for (const [i, b] of (s.world?.books ?? []).entries())
    for (const a of b.attachments)
      if (a.kind === 'character' && !ids.has(a.participant))
        return notAParticipant(`world.books[${i}].attachments`, a.participant);
  // Every parent chain must reach a root: a cycle would make a chronology with no beginning.
  const looped = turnInLoop(s.turns);
  if (looped !== null)
    return tr(language, '{field}: its parent chain loops back on itself.', {
      field: turnField(language, 'turns', looped),
    });
  return null;
}

/** The story's prompts as they were exported: overrides, the preset record, the trash in file order. */
function importPrompts(doc: Y.Doc, prompts: NonNullable<StoryJson['prompts']>): void {
  for (const [path, text] of Object.entries(prompts.overrides)) {
    // The schema checked every path, so a write cannot be refused here.
    const written = setPromptOverride(doc, path, text);
    if (!written.ok) throw new Error(written.detail);
  }
  if (prompts.preset) writeStoryPreset(doc, prompts.preset);
  for (const entry of prompts.trash) trashPrompt(doc, entry);
}

const withoutChronicle = ({ chronicle: _chronicle, ...rest }: StoryJson['participants'][number]) => rest;

function importChronicle(doc: Y.Doc, participant: string, chronicle: StoryJsonChronicle): void {
  writeRecords(doc, participant, 'entries', chronicle.entries);
  writeRecords(doc, participant, 'reviews', chronicle.reviews);
  writeRecords(doc, participant, 'corrections', chronicle.corrections);
  writeRecords(doc, participant, 'memoryEdits', chronicle.memoryEdits);
  writeRecords(doc, participant, 'checkpoints', chronicle.checkpoints);
  writeRecords(doc, participant, 'audit', chronicle.audit);
}

/** Imports a Story JSON file; a refusal is told in `language` (the CLI's is English). */
export function importStory(input: unknown, importedAt: string, language: Language = 'en'): ImportResult {
  const oversized = oversizedText(input, language);
  if (oversized) return fail(oversized);
  const parsed = safeParseIn(storyJsonSchema, input, language);
  if (!parsed.success) return fail(zodProblem(parsed.issues, input, language));
  const story = parsed.data;
  const problem = storyProblem(story, language);
  if (problem) return fail(problem);
  const doc = new Y.Doc({ guid: story.id });
  doc.transact(() => {
    createStory(doc, {
      title: story.title,
      language: story.language,
      createdAt: importedAt,
      settings: story.settings,
    });
    for (const p of story.participants)
      addParticipant(doc, {
        ...withoutChronicle(p),
        ...(p.kind === 'character' ? { card: p.card ?? {} } : {}),
      });
    for (const t of parentsFirst(story.turns)) {
      appendTurn(doc, {
        id: t.id,
        parent: t.parent,
        author: t.author,
        audiences: t.audiences,
        text: t.source,
        origin: t.origin,
        ...(t.origin === 'generated' ? { basis: t.basis ?? UNSTAMPED } : {}),
        ...(t.edited ? { edited: true } : {}),
        ...(t.writtenBy !== undefined ? { writtenBy: t.writtenBy } : {}),
        ...(t.cut ? { cut: true } : {}),
        ...(t.rolls ? { rolls: t.rolls } : {}),
        createdAt: t.createdAt ?? importedAt,
        activate: false,
      });
      for (const [a, rec] of Object.entries(t.pov)) {
        writePov(doc, t.id, a, {
          perceived: rec.perceived,
          text: rec.text,
          origin: rec.origin,
          basis: rec.basis ?? UNSTAMPED,
          ...(rec.cut ? { cut: true } : {}),
          createdAt: importedAt,
        });
      }
    }
    for (const p of story.participants) if (p.chronicle) importChronicle(doc, p.id, p.chronicle);
    setActiveLeaf(doc, story.activeLeaf);
    if (story.prompts) importPrompts(doc, story.prompts);
    if (story.world) {
      if (story.world.world) writeStoryWorld(doc, story.world.world);
      for (const b of story.world.books) writeStoryBook(doc, b);
      writeLoreSettings(doc, story.world.settings);
    }
  }, DocOrigin.import);
  stampFreshBases(doc, UNSTAMPED);
  return { ok: true, doc, story };
}
