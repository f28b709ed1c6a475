// Story JSON import: everything is checked before anything is written, so a refused file imports
// nothing; errors name the field and the turn. Imported records get fresh bases (not stale).
import * as Y from 'yjs';
import { z } from 'zod';
import { createStory } from '../doc/story-doc.ts';
import { addParticipant } from '../doc/participants.ts';
import { appendTurn } from '../doc/turns.ts';
import { writePov } from '../doc/pov.ts';
import { setActiveLeaf } from '../doc/tree.ts';
import { setPromptOverride } from '../doc/prompt-overrides.ts';
import { trashPrompt, writeStoryPreset } from '../doc/story-preset.ts';
import { stampFreshBases } from './stamp-bases.ts';
import { STORY_JSON_PROMPTS_VERSION, storyJsonSchema, type StoryJson } from './schema.ts';

export type ImportResult =
  { ok: true; doc: Y.Doc; story: StoryJson } | { ok: false; code: 'invalid-story'; detail: string };

const fail = (detail: string): ImportResult => ({ ok: false, code: 'invalid-story', detail });

function zodProblem(error: z.ZodError, input: unknown): string {
  const issue = error.issues[0];
  if (!issue) return 'The file is not a Rashomon story.';
  const path = issue.path;
  let where = path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  if (path[0] === 'turns' && typeof path[1] === 'number') {
    const id = (input as { turns?: Array<{ id?: unknown }> }).turns?.[path[1]]?.id;
    if (typeof id === 'string') where += ` (turn "${id}")`;
  }
  if (path[0] === 'format') return `format must be "rashomon.story": this file is not a Rashomon story.`;
  if (path[0] === 'version')
    return `version ${JSON.stringify((input as { version?: unknown }).version)} is not supported (this Rashomon reads version 1).`;
  if (path[0] === 'prompts' && path[1] === 'version' && path.length === 2) {
    const version = (input as { prompts?: { version?: unknown } }).prompts?.version;
    return `prompts.version ${version === undefined ? 'is missing' : `${JSON.stringify(version)} is not supported`} (this Rashomon reads prompts version ${STORY_JSON_PROMPTS_VERSION}).`;
  }
  // A bad record key (a prompt path) says what a key must look like, not just that it is invalid.
  const message = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  return `${where || 'story'}: ${message}`;
}

/** Semantic checks the schema cannot express. Returns the first problem, or null. */
export function storyProblem(s: StoryJson): string | null {
  const users = s.participants.filter((p) => p.kind === 'user');
  if (users.length === 0) return 'participants: the story has no user participant (exactly one is needed).';
  if (users.length > 1)
    return `participants: the story has ${users.length} user participants (exactly one is allowed).`;
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const [i, p] of s.participants.entries()) {
    if (ids.has(p.id)) return `participants[${i}].id: "${p.id}" is used twice.`;
    ids.add(p.id);
    const key = p.name.trim().toLocaleLowerCase();
    if (names.has(key))
      return `participants[${i}].name: "${p.name}" is used twice (names are unique, ignoring case).`;
    names.add(key);
  }
  const turnIds = new Set(s.turns.map((t) => t.id));
  if (turnIds.size !== s.turns.length) return 'turns: a turn id is used twice.';
  for (const [i, t] of s.turns.entries()) {
    const at = `turns[${i}] (turn "${t.id}")`;
    if (t.parent !== null && !turnIds.has(t.parent))
      return `${at}.parent: "${t.parent}" is not a turn of this story.`;
    if (!ids.has(t.author)) return `${at}.author: "${t.author}" is not a participant.`;
    for (const a of t.audiences) if (!ids.has(a)) return `${at}.audiences: "${a}" is not a participant.`;
    for (const [a, rec] of Object.entries(t.pov)) {
      if (a === t.author)
        return `${at}.pov.${a}: the author has no POV record of their own turn (the source is their view).`;
      if (!t.audiences.includes(a)) return `${at}.pov.${a}: "${a}" is not an audience of this turn.`;
      if (!rec.perceived && rec.text !== '')
        return `${at}.pov.${a}: perceived is false but text is not empty.`;
    }
  }
  if (s.activeLeaf !== null && !turnIds.has(s.activeLeaf))
    return `activeLeaf: "${s.activeLeaf}" is not a turn of this story.`;
  // Every parent chain must reach a root: a cycle would make a chronology with no beginning.
  const parentOf = new Map(s.turns.map((t) => [t.id, t.parent]));
  for (const t of s.turns) {
    let steps = 0;
    for (let id: string | null = t.id; id !== null; id = parentOf.get(id) ?? null) {
      if (++steps > s.turns.length) return `turns (turn "${t.id}"): its parent chain loops back on itself.`;
    }
  }
  return null;
}

/** Parents before children, keeping the file's order otherwise. */
function parentsFirst(turns: StoryJson['turns']): StoryJson['turns'] {
  const done = new Set<string>();
  const out: StoryJson['turns'] = [];
  let pending = turns;
  while (pending.length) {
    // A turn placed in this pass is done: it must not stay pending (that would append it twice).
    const next: StoryJson['turns'] = [];
    for (const t of pending) {
      if (t.parent !== null && !done.has(t.parent)) {
        next.push(t);
        continue;
      }
      out.push(t);
      done.add(t.id);
    }
    if (next.length === pending.length) throw new Error('turns with no reachable root');
    pending = next;
  }
  return out;
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

export function importStory(input: unknown, importedAt: string): ImportResult {
  const parsed = storyJsonSchema.safeParse(input);
  if (!parsed.success) return fail(zodProblem(parsed.error, input));
  const story = parsed.data;
  const problem = storyProblem(story);
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
      addParticipant(doc, { ...p, ...(p.kind === 'character' ? { card: p.card ?? {} } : {}) });
    for (const t of parentsFirst(story.turns)) {
      appendTurn(doc, {
        id: t.id,
        parent: t.parent,
        author: t.author,
        audiences: t.audiences,
        text: t.source,
        origin: t.origin,
        createdAt: t.createdAt ?? importedAt,
        activate: false,
      });
      for (const [a, rec] of Object.entries(t.pov)) {
        writePov(doc, t.id, a, {
          perceived: rec.perceived,
          text: rec.text,
          origin: rec.origin,
          basis: '',
          createdAt: importedAt,
        });
      }
    }
    setActiveLeaf(doc, story.activeLeaf);
    if (story.prompts) importPrompts(doc, story.prompts);
  }, 'import');
  stampFreshBases(doc);
  return { ok: true, doc, story };
}
