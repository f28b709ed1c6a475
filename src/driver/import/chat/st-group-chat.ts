// A group chat's cast and who was there (GC1–GC4): members heard in the chat or listed by the group
// file, each with its card when one came along; the muted ones; and which members each turn reached —
// the person's choice when given (checked), else the defaults the review starts from.
import { tr } from '../../i18n/messages.ts';
import type { Language } from '../../doc/schema.ts';
import type { ImportNotes } from '../import-notes.ts';
import { baseName, fileKey, matchCards, type MemberCard, type StGroup } from './st-group.ts';
import { absentByTurn, defaultWhoWasThere, whoWasThereSchema, type WhoWasThere } from '../who-was-there.ts';

export interface GroupChatInput {
  /** The group file, when the person gave it. */
  group: StGroup | null;
  /** The members' cards the person gave. */
  cards: readonly MemberCard[];
  /** Who was there, as the person set it in the review; absent: the defaults. */
  whoWasThere?: unknown;
  /** Files given with the chat that could not be read, one line each. */
  problems?: readonly string[];
}

export interface GroupCast {
  /** Members the group lists whom the chat never heard, by card name or file name. */
  silent: string[];
  cards: Map<string, MemberCard>;
  muted: string[];
  whoWasThere: WhoWasThere;
  /** The members absent at each turn. */
  absent: Array<ReadonlySet<string>>;
}

export type GroupCastResult = { ok: true; cast: GroupCast } | { ok: false; detail: string };

/**
 * Who was there as the person sent it (untrusted: it crossed the worker boundary), or why it cannot be
 * used: a wrong shape, a name not a member, a stretch beginning past the last turn.
 */
function checkWhoWasThere(
  value: unknown,
  members: readonly string[],
  turns: number,
  language: Language,
): WhoWasThere | string {
  const parsed = whoWasThereSchema.safeParse(value);
  if (!parsed.success)
    return tr(
      language,
      'who was there: not stretches of messages in order, from the first, each naming who was absent',
    );
  const unknown = parsed.data.stretches.flatMap((s) => s.absent).find((n) => !members.includes(n));
  if (unknown !== undefined) return tr(language, 'who was there: {name} is not a member', { name: unknown });
  const last = parsed.data.stretches.at(-1)?.from ?? 0;
  if (turns > 0 && last >= turns)
    return tr(language, 'who was there: a stretch begins after the last message');
  return parsed.data;
}

export function groupCast(
  input: GroupChatInput,
  chat: { characters: readonly string[]; speakers: readonly string[]; avatars: ReadonlyMap<string, string> },
  notes: ImportNotes,
): GroupCastResult {
  const { language } = notes;
  const { group } = input;
  for (const problem of input.problems ?? []) notes.add('warnings', problem);
  const cards = matchCards(chat.characters, chat.avatars, input.cards);
  const heard = new Set(chat.characters.map((c) => fileKey(chat.avatars.get(c) ?? c)));
  for (const [name, card] of cards) heard.add(fileKey(card.fileName)).add(fileKey(name));
  const silent: string[] = [];
  for (const file of group?.members ?? []) {
    if (heard.has(fileKey(file))) continue;
    const card = input.cards.find((c) => fileKey(c.fileName) === fileKey(file));
    const name = card?.character.name.trim() || baseName(file);
    if (
      !name ||
      [...chat.characters, ...silent].some((n) => n.toLocaleLowerCase() === name.toLocaleLowerCase())
    )
      continue;
    silent.push(name);
    if (card) cards.set(name, card);
    notes.add('converted', tr(language, 'members who never speak in the chat are in the story'), name);
  }
  const members = [...chat.characters, ...silent];
  const mutedFiles = new Set((group?.muted ?? []).map(fileKey));
  const muted = members.filter(
    (m) =>
      mutedFiles.has(fileKey(chat.avatars.get(m) ?? cards.get(m)?.fileName ?? m)) ||
      mutedFiles.has(fileKey(m)),
  );
  for (const c of input.cards)
    if (![...cards.values()].includes(c))
      notes.add('dropped', tr(language, 'cards of no one in the chat'), c.character.name || c.fileName);
  let whoWasThere = defaultWhoWasThere({ speakers: chat.speakers, members, muted });
  if (input.whoWasThere !== undefined) {
    const checked = checkWhoWasThere(input.whoWasThere, members, chat.speakers.length, language);
    if (typeof checked === 'string') return { ok: false, detail: checked };
    whoWasThere = checked;
  }
  whoWasThere.stretches.forEach((s, i, all) => {
    if (!s.absent.length) return;
    const to = all[i + 1]?.from ?? chat.speakers.length;
    notes.add(
      'converted',
      tr(language, 'messages {from}–{to}: {names} not there, perceiving none of them', {
        from: s.from + 1,
        to,
        names: s.absent.join(', '),
      }),
    );
  });
  const absent = absentByTurn(whoWasThere, chat.speakers.length);
  return { ok: true, cast: { silent, cards, muted, whoWasThere, absent } };
}
