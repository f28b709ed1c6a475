// The lines of a SillyTavern chat file (JSONL): a 1:1 chat opens with a header (`user_name`,
// `character_name`, `create_date`, `chat_metadata`); a group chat may not; every other line is one
// message. Each line is checked on its own: a broken one is skipped and said so, not the whole file.
import { z } from 'zod';
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { createLenientReader } from '../lenient-read.ts';

export interface StChatHeader {
  userName?: string;
  characterName?: string;
  createDate?: unknown;
  metadata: Record<string, unknown>;
}

export interface StChatMessage {
  /** 1-based line of the file (what the report names). */
  line: number;
  name: string;
  isUser: boolean;
  /** Why it is not a turn: hidden (is_system), a system note, the narrator; undefined for a turn. */
  notATurn?: 'hidden' | 'system' | 'narrator';
  sendDate: unknown;
  text: string;
  /** A character's card file in a group chat (`original_avatar`: `Mara.png`), how the group names it. */
  avatar?: string;
  /** The swipes other than the one shown, in the file's order, each with its own date when it has one. */
  alternatives: Array<{ text: string; sendDate: unknown }>;
}

export type StChatLines =
  { ok: true; header: StChatHeader | null; messages: StChatMessage[] } | { ok: false; detail: string };

const recordSchema = z.record(z.string(), z.unknown());
type Line = z.infer<typeof recordSchema>;

const HEADER_FIELDS = ['user_name', 'character_name', 'create_date', 'chat_metadata'];
const isHeader = (o: Line) => !('mes' in o) && HEADER_FIELDS.some((f) => f in o);
const isMessage = (o: Line) => 'mes' in o || Array.isArray(o.swipes);

/** What SillyTavern writes for the names of a group chat's header (and of newer 1:1 chats): no name. */
const NO_NAME = 'unused';

const textOr = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() && v.trim() !== NO_NAME ? v.trim() : undefined;

function readHeader(o: Line): StChatHeader {
  const metadata = recordSchema.catch({}).parse(o.chat_metadata ?? {});
  return {
    ...(textOr(o.user_name) ? { userName: textOr(o.user_name) } : {}),
    ...(textOr(o.character_name) ? { characterName: textOr(o.character_name) } : {}),
    ...(o.create_date !== undefined ? { createDate: o.create_date } : {}),
    metadata,
  };
}

function readMessage(o: Line, line: number, notes: ImportNotes): StChatMessage {
  const about = tr(notes.language, 'line {line}', { line });
  const r = createLenientReader(notes, about);
  const extra = recordSchema.catch({}).parse(o.extra ?? {});
  const text = r.text('mes', o.mes) ?? '';
  const swipes = Array.isArray(o.swipes) ? o.swipes : [];
  const info = Array.isArray(o.swipe_info) ? o.swipe_info : [];
  const swipeId = r.number('swipe_id', o.swipe_id, {
    min: 0,
    max: Math.max(0, swipes.length - 1),
    int: true,
  });
  if (swipes.length && swipeId !== undefined && swipeId !== null && swipes[swipeId] !== o.mes)
    notes.add(
      'warnings',
      tr(notes.language, 'the swipe chosen is not the message shown; the message shown was kept'),
      about,
    );
  const seen = new Set([text.trim()]);
  const alternatives: StChatMessage['alternatives'] = [];
  swipes.forEach((s, i) => {
    if (typeof s !== 'string' || !s.trim() || seen.has(s.trim())) return;
    seen.add(s.trim());
    const sendDate = recordSchema.catch({}).parse(info[i] ?? {}).send_date;
    alternatives.push({ text: s, sendDate });
  });
  const hidden = r.bool('is_system', o.is_system) === true;
  // SillyTavern's own notes carry a type (`help`, `welcome`, `group`, `generic`…); `/sys` writes `narrator`.
  const typed = typeof extra.type === 'string' && extra.type.trim() !== '';
  const system =
    r.bool('extra.isSmallSys', extra.isSmallSys) === true || (typed && extra.type !== 'narrator');
  const notATurn = hidden ? 'hidden' : extra.type === 'narrator' ? 'narrator' : system ? 'system' : undefined;
  const avatar = typeof o.original_avatar === 'string' ? o.original_avatar.trim() : '';
  return {
    line,
    name: r.text('name', o.name)?.trim() ?? '',
    isUser: r.bool('is_user', o.is_user) === true,
    ...(notATurn ? { notATurn } : {}),
    ...(avatar ? { avatar } : {}),
    sendDate: o.send_date,
    text,
    alternatives,
  };
}

export function readStChatLines(text: string, notes: ImportNotes): StChatLines {
  const { language } = notes;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let header: StChatHeader | null = null;
  const messages: StChatMessage[] = [];
  let broken = 0;
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = i + 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      broken++;
      notes.add(
        'warnings',
        tr(language, 'a line that is not JSON was skipped'),
        tr(language, 'line {line}', { line }),
      );
      return;
    }
    const o = recordSchema.safeParse(parsed);
    if (o.success && header === null && messages.length === 0 && isHeader(o.data))
      header = readHeader(o.data);
    else if (o.success && isMessage(o.data)) messages.push(readMessage(o.data, line, notes));
    else
      notes.add(
        'warnings',
        tr(language, 'a line that is not a message was skipped'),
        tr(language, 'line {line}', { line }),
      );
  });
  if (header || messages.length) return { ok: true, header, messages };
  // Pretty-printed JSON fails line by line: say what the file is instead of listing every line.
  let whole: unknown;
  try {
    whole = broken ? JSON.parse(text) : undefined;
  } catch {
    whole = undefined;
  }
  return {
    ok: false,
    detail:
      whole !== undefined
        ? tr(
            language,
            'This file is not a SillyTavern chat: it is one JSON document, and a chat has one message per line.',
          )
        : tr(language, 'This file is not a SillyTavern chat: none of its lines is a chat message.'),
  };
}
