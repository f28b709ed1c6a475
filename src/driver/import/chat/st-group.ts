// The files beside a SillyTavern group chat (GC1, GC2): the group file (`{id, name, members:
// ["Mara.png", …], disabled_members: […], chat_id, chats, …}`: members by their card's file name, the
// muted ones among them) and the members' cards, each matched to the name the chat speaks under.
import { z } from 'zod';
import { tr } from '../../i18n/messages.ts';
import type { Language } from '../../doc/schema.ts';
import type { ImportedCharacter } from '../intermediate.ts';

const fileList = z
  .array(z.unknown())
  .catch([])
  .transform((a) => a.filter((v) => typeof v === 'string'));

/** What Rashomon reads of a group file; everything else in it is about SillyTavern's own play. */
const groupFileSchema = z.object({
  name: z.string().catch(''),
  members: fileList,
  disabled_members: fileList.optional(),
});

export interface StGroup {
  name: string;
  /** Members by their card's file name (`Mara.png`), as the group lists them. */
  members: string[];
  /** The muted ones (`disabled_members`). */
  muted: string[];
}

/** A group file's fields: a `members` list of card file names, and its own `chat_id` or `chats`. */
export function isGroupFile(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const o = json as Record<string, unknown>;
  return Array.isArray(o.members) && ('chat_id' in o || 'chats' in o || 'disabled_members' in o);
}

export function readGroupFile(json: unknown): StGroup | null {
  if (!isGroupFile(json)) return null;
  const g = groupFileSchema.parse(json);
  return { name: g.name.trim(), members: g.members, muted: g.disabled_members ?? [] };
}

/** A member's card beside the file it came in (its name is how the group and the messages name it). */
export interface MemberCard {
  fileName: string;
  character: ImportedCharacter;
}

export const baseName = (file: string) =>
  file
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]+$/, '')
    .trim();
/** A card file's name as the group, the messages and the person's files may spell it. */
export const fileKey = (name: string) => baseName(name).toLocaleLowerCase();
const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Which card a speaker's messages are by: the card whose file the messages name (`original_avatar`),
 * else the one of the speaker's name. `avatars`: each speaker's card file as its messages name it.
 */
export function matchCards(
  speakers: readonly string[],
  avatars: ReadonlyMap<string, string>,
  cards: readonly MemberCard[],
): Map<string, MemberCard> {
  const out = new Map<string, MemberCard>();
  for (const speaker of speakers) {
    const file = avatars.get(speaker);
    const card =
      (file && cards.find((c) => fileKey(c.fileName) === fileKey(file))) ??
      cards.find((c) => nameKey(c.character.name) === nameKey(speaker));
    if (card) out.set(speaker, card);
  }
  return out;
}

export function groupNote(language: Language, group: StGroup): string {
  return tr(language, 'the group “{name}”: {count} members, {muted} muted', {
    name: group.name,
    count: group.members.length,
    muted: group.muted.length,
  });
}
