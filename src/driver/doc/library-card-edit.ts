// A library character's card and a library persona edited after creation or import, and either one
// deleted. Stories already started keep the copy they began with: nothing here touches a story.
import type * as Y from 'yjs';
import { z } from 'zod';
import { cardSchema } from './schema.ts';
import { LIBRARY_SECTION, listCharacters, listPersonas, putEntry, removeEntry } from './library-doc.ts';

/** Every card field the library keeps of a character; `creatorNotes` only for a card that has them. */
export const characterCardEditSchema = z.strictObject({
  name: z.string().trim().min(1),
  card: cardSchema,
  greetings: z.array(z.string()),
  creatorNotes: z.string().optional(),
});
export type CharacterCardEdit = z.infer<typeof characterCardEditSchema>;

export const personaEditSchema = z.strictObject({
  name: z.string().trim().min(1),
  persona: z.string(),
});
export type PersonaEdit = z.infer<typeof personaEditSchema>;

export type LibraryEditRefusal = { code: 'unknown' } | { code: 'name-taken'; name: string };
export type LibraryEditResult = { ok: true } | ({ ok: false } & LibraryEditRefusal);

const sameName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Blank greetings are dropped: an empty opening is no opening. */
const keptGreetings = (greetings: readonly string[]): string[] => greetings.filter((g) => g.trim() !== '');

/** Writes a character's card in one transaction; its name must stay unique among the library's characters. */
export function editCharacterCard(
  doc: Y.Doc,
  id: string,
  edit: CharacterCardEdit,
  origin?: unknown,
): LibraryEditResult {
  const valid = characterCardEditSchema.parse(edit);
  const characters = listCharacters(doc);
  const current = characters.find((c) => c.id === id);
  if (!current) return { ok: false, code: 'unknown' };
  if (characters.some((c) => c.id !== id && sameName(c.name, valid.name)))
    return { ok: false, code: 'name-taken', name: valid.name.trim() };
  // The creator's notes live where an export reads them: the card's own data.
  const source =
    current.source && valid.creatorNotes !== undefined
      ? { ...current.source, creator_notes: valid.creatorNotes }
      : undefined;
  putEntry(
    doc,
    LIBRARY_SECTION.characters,
    id,
    { name: valid.name.trim(), card: valid.card, greetings: keptGreetings(valid.greetings), source },
    origin,
  );
  return { ok: true };
}

/** Writes a persona's name and text in one transaction; its name must stay unique among the personas. */
export function editPersona(doc: Y.Doc, id: string, edit: PersonaEdit, origin?: unknown): LibraryEditResult {
  const valid = personaEditSchema.parse(edit);
  const personas = listPersonas(doc);
  if (!personas.some((p) => p.id === id)) return { ok: false, code: 'unknown' };
  if (personas.some((p) => p.id !== id && sameName(p.name, valid.name)))
    return { ok: false, code: 'name-taken', name: valid.name.trim() };
  putEntry(doc, LIBRARY_SECTION.personas, id, { name: valid.name.trim(), persona: valid.persona }, origin);
  return { ok: true };
}

/** Takes a character or a persona out of the library; the stories that have it keep their copy. */
export function deleteLibraryEntry(
  doc: Y.Doc,
  section: typeof LIBRARY_SECTION.characters | typeof LIBRARY_SECTION.personas,
  id: string,
  origin?: unknown,
): LibraryEditResult {
  if (!doc.getMap(section).has(id)) return { ok: false, code: 'unknown' };
  removeEntry(doc, section, id, origin);
  return { ok: true };
}
