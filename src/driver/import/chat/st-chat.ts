// A SillyTavern chat (JSONL) as a new Rashomon story: the user and one character per name, everyone
// present; each message a hand-written turn (written elsewhere, not by our model), its other swipes
// alternatives beside it (sibling turns, as our regenerations are). Hidden and system messages are not
// turns. In 'perceived-all' everyone else's view of a message is its text, marked imported (the
// person's data, fresh); in 'project-later' there are only sources, projected when the story needs them.
import * as Y from 'yjs';
import { DocOrigin } from '../../doc/origins.ts';
import { addParticipant } from '../../doc/participants.ts';
import { writePov } from '../../doc/pov.ts';
import type { Language } from '../../doc/schema.ts';
import { createStory } from '../../doc/story-doc.ts';
import { appendTurn } from '../../doc/turns.ts';
import { tr } from '../../i18n/messages.ts';
import { stampFreshBases } from '../../story-json/stamp-bases.ts';
import { MAX_NAME_CHARS } from '../../story-json/field-limits.ts';
import { createImportNotes, type ImportNotes } from '../import-notes.ts';
import type { ImportReport } from '../intermediate.ts';
import { readCast } from './st-chat-cast.ts';
import { readStChatLines, type StChatMessage } from './st-chat-lines.ts';
import { readStDate } from './st-date.ts';
import { avatarUrl } from '../card/library-card.ts';
import { groupCast, type GroupCast, type GroupChatInput } from './st-group-chat.ts';
import { groupNote } from './st-group.ts';

export const ChatImportMode = { perceivedAll: 'perceived-all', projectLater: 'project-later' } as const;
export type ChatImportMode = (typeof ChatImportMode)[keyof typeof ChatImportMode];

export interface StChatImportOptions {
  /** The new story's id (its document's guid). */
  id: string;
  /** The file's name: the story's title, without its extension. */
  fileName: string;
  /** The story's language; the report is written in it too. */
  language: Language;
  mode: ChatImportMode;
  /** Now, as ISO: when the story is created, and the date of a message whose own cannot be read. */
  importedAt: string;
  newId: () => string;
  /** A group chat's group file, member cards and who was there (GC1–GC5). */
  group?: GroupChatInput;
}

export type StChatImport =
  | { ok: true; doc: Y.Doc; report: ImportReport }
  | { ok: false; code: 'not-a-chat' | 'bad-who-was-there' | 'name-too-long'; detail: string };

/** Stamped fresh once the tree is in (stamp-bases.ts), as a Story JSON file's unstamped items. */
const UNSTAMPED = '';

function skipReason(m: StChatMessage, language: Language): string | undefined {
  switch (m.notATurn) {
    case 'hidden':
      return tr(language, 'hidden messages (SillyTavern does not send them to its model)');
    case 'system':
      return tr(language, 'SillyTavern’s system messages');
    case 'narrator':
      return tr(language, 'narrator messages (a Rashomon story has no narrator)');
    case undefined:
      return m.text.trim() ? undefined : tr(language, 'empty messages');
    default:
      return m.notATurn satisfies never;
  }
}

function titleOf(fileName: string, characterName: string | undefined, language: Language): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.(jsonl|json|txt)$/i, '')
    .trim();
  return base || characterName || tr(language, 'Imported chat');
}

/** A message's date as ISO; one it cannot read is the import's, and said so. */
function dateOf(value: unknown, line: number, fallback: string, notes: ImportNotes): string {
  const { language } = notes;
  const read = readStDate(value);
  if (!read) {
    notes.add(
      'warnings',
      tr(language, 'a date could not be read; the import’s was used'),
      tr(language, 'line {line}', { line }),
    );
    return fallback;
  }
  if (read.zoneless) notes.add('converted', tr(language, 'dates that name no time zone were read as UTC'));
  if (read.seconds)
    notes.add('converted', tr(language, 'dates given in seconds since 1970 were read as such'));
  return read.iso;
}

export function importStChat(text: string, opts: StChatImportOptions): StChatImport {
  const { language } = opts;
  const notes = createImportNotes(language);
  const lines = readStChatLines(text, notes);
  if (!lines.ok) return { ok: false, code: 'not-a-chat', detail: lines.detail };
  const { header, messages } = lines;
  const turns: StChatMessage[] = [];
  for (const m of messages) {
    const skip = skipReason(m, language);
    if (skip) notes.add('dropped', skip, tr(language, 'line {line}', { line: m.line }));
    else turns.push(m);
  }
  const cast = readCast(header, turns, notes);
  // A name a story could not hold (SJ3) would make the story's own export refuse to import: said here.
  const long = [cast.user, ...cast.characters].find((name) => name.length > MAX_NAME_CHARS);
  if (long !== undefined)
    return {
      ok: false,
      code: 'name-too-long',
      detail: tr(
        language,
        'a name in the chat has {count} characters, over the {max} a participant’s name may have: shorten it and import again',
        { count: long.length, max: MAX_NAME_CHARS },
      ),
    };
  const title = titleOf(opts.fileName, opts.group?.group?.name || header?.characterName, language);
  const speakers = turns.map((m) => cast.speaker(m));
  let group: GroupCast | undefined;
  if (opts.group || cast.characters.length > 1) {
    const avatars = new Map<string, string>();
    turns.forEach((m, i) => {
      const speaker = speakers[i] as string;
      if (m.avatar && !m.isUser && !avatars.has(speaker)) avatars.set(speaker, m.avatar);
    });
    const read = groupCast(
      opts.group ?? { group: null, cards: [] },
      { characters: cast.characters, speakers, avatars },
      notes,
    );
    if (!read.ok) return { ok: false, code: 'bad-who-was-there', detail: read.detail };
    group = read.cast;
  }
  const lastAbsent = group?.absent.at(-1) ?? new Set<string>();

  const doc = new Y.Doc({ guid: opts.id });
  const ids = new Map<string, string>();
  let alternatives = 0;
  doc.transact(() => {
    createStory(doc, { title, language, createdAt: opts.importedAt });
    const add = (name: string, kind: 'user' | 'character') => {
      const id = opts.newId();
      const member = group?.cards.get(name)?.character;
      const avatar = member ? avatarUrl(member.avatar) : null;
      const added = addParticipant(doc, {
        id,
        kind,
        name,
        // Absent from the last stretch: not in the scene now either.
        present: !lastAbsent.has(name),
        ...(kind === 'character' ? { card: member?.card ?? {} } : {}),
        ...(avatar ? { avatar } : {}),
      });
      // The cast's names are unique ignoring case and there is one user: a refusal is a bug here.
      if (!added.ok) throw new Error(`cannot add ${name}: ${added.code}`);
      ids.set(name, id);
    };
    add(cast.user, 'user');
    for (const name of [...cast.characters, ...(group?.silent ?? [])]) add(name, 'character');
    const everyone = [...ids.entries()];
    const audiencesAt = (i: number, author: string): string[] => {
      const absent = group?.absent[i];
      return everyone.filter(([name, id]) => id === author || !absent?.has(name)).map(([, id]) => id);
    };
    const write = (
      turnId: string,
      author: string,
      audiences: string[],
      source: string,
      createdAt: string,
    ) => {
      if (opts.mode !== ChatImportMode.perceivedAll) return;
      for (const audience of audiences)
        if (audience !== author)
          writePov(doc, turnId, audience, {
            perceived: true,
            text: source,
            basis: UNSTAMPED,
            origin: 'imported',
            createdAt,
          });
    };
    let parent: string | null = null;
    turns.forEach((m, i) => {
      const author = ids.get(speakers[i] as string) as string;
      const audiences = audiencesAt(i, author);
      const createdAt = dateOf(m.sendDate, m.line, opts.importedAt, notes);
      const id = appendTurn(doc, {
        id: opts.newId(),
        parent,
        author,
        audiences,
        text: m.text,
        origin: 'authored',
        createdAt,
      });
      write(id, author, audiences, m.text, createdAt);
      for (const alt of m.alternatives) {
        const at = alt.sendDate === undefined ? createdAt : dateOf(alt.sendDate, m.line, createdAt, notes);
        const sibling = appendTurn(doc, {
          id: opts.newId(),
          parent,
          author,
          audiences,
          text: alt.text,
          origin: 'authored',
          createdAt: at,
          activate: false,
        });
        write(sibling, author, audiences, alt.text, at);
        alternatives++;
      }
      parent = id;
    });
  }, DocOrigin.import);
  stampFreshBases(doc, UNSTAMPED);

  if (alternatives)
    notes.add(
      'converted',
      tr(
        language,
        'swipes: the one shown is the turn, each other one an alternative beside it ({count} in all)',
        {
          count: alternatives,
        },
      ),
    );
  notes.add(
    'converted',
    opts.mode === ChatImportMode.perceivedAll
      ? tr(
          language,
          'everyone perceived each message as it was written (imported views, kept like hand edits)',
        )
      : tr(language, 'no one’s views are made yet: they are projected when the story needs them'),
  );
  for (const key of Object.keys(header?.metadata ?? {}))
    notes.add(
      'dropped',
      tr(language, 'the chat’s metadata (its author’s note, variables…): a story has no place for it'),
      key,
    );
  if (opts.group?.group) notes.add('converted', groupNote(language, opts.group.group));
  if (!turns.length) notes.add('warnings', tr(language, 'The chat has no messages.'));
  const groupReport = group && {
    members: [...cast.characters, ...group.silent],
    muted: group.muted,
    whoWasThere: group.whoWasThere,
  };
  return {
    ok: true,
    doc,
    report: {
      kind: 'chat',
      name: title,
      messages: turns.length,
      ...(groupReport ? { group: groupReport } : {}),
      ...notes.lists(),
    },
  };
}
