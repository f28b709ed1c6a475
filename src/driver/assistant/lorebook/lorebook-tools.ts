// The lorebook assistant's tools over one library book: list and read its entries at once; create,
// edit and delete an entry, or change the book's name and description, as changes for the person to
// approve. Every write goes through putLorebook, the check the lorebook editor's Save runs, and a
// deleted entry goes to the library's trash.
import type * as Y from 'yjs';
import { z } from 'zod';
import type { Language } from '../../doc/schema.ts';
import { loreEntrySchema, type LoreBook, type LoreEntry } from '../../doc/lore-book.ts';
import { putLorebook, readLorebook } from '../../doc/library-worlds.ts';
import { putInTrash } from '../../doc/library-trash.ts';
import { tr } from '../../i18n/messages.ts';
import { ChangeAction, readTool, writeTool, type AssistantTool, type Change } from '../tools.ts';

export interface LorebookToolsInput {
  doc: Y.Doc;
  bookId: string;
  /** The chat's subject, so its trash is its own. */
  subject: string;
  language: Language;
  clock: () => number;
  newId: () => string;
}

const entryId = z.object({ id: z.string().min(1).describe('The entry id, as list_entries gives it') });
const keys = z.array(z.string().trim().min(1).max(500));
const entryFields = z.object({
  title: z.string().max(500).optional().describe('A title for the person; never sent to a model'),
  keys: keys.optional().describe('Words that fire the entry when they appear in what a character reads'),
  secondaryKeys: keys.optional(),
  content: z.string().max(20_000).optional().describe('What a character is told when the entry fires'),
  constant: z.boolean().optional().describe('Fires whatever the text says'),
  enabled: z.boolean().optional(),
  order: z.number().int().min(-10_000).max(10_000).optional(),
});
const createArgs = entryFields.extend({
  content: z.string().trim().min(1).max(20_000),
  id: z.string().optional(),
});
const editArgs = entryFields.extend(entryId.shape);
const bookArgs = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(4000).optional(),
});

/** An entry as the person reads it in a proposal's before and after. */
function entryText(entry: LoreEntry | undefined, language: Language): string {
  if (!entry) return '';
  const lines = [
    `${tr(language, 'Title')}: ${entry.title}`,
    `${tr(language, 'Keys')}: ${entry.keys.join(', ')}`,
    ...(entry.secondaryKeys.length
      ? [`${tr(language, 'Secondary keys')}: ${entry.secondaryKeys.join(', ')}`]
      : []),
    ...(entry.constant ? [tr(language, 'Always on')] : []),
    ...(entry.enabled ? [] : [tr(language, 'Disabled')]),
    `${tr(language, 'Order')}: ${entry.order}`,
    `${tr(language, 'Content')}:`,
    entry.content,
  ];
  return lines.join('\n');
}

const bookText = (book: Pick<LoreBook, 'name' | 'description'>, language: Language): string =>
  `${tr(language, 'Name')}: ${book.name}\n${tr(language, 'Description')}: ${book.description}`;

const labelOf = (entry: LoreEntry): string => entry.title || entry.keys[0] || entry.id;

/** The entry must be able to fire, as an editor's entry that nothing could ever bring in is a mistake. */
function entryProblem(entry: LoreEntry): string | null {
  if (!entry.constant && entry.keys.length === 0)
    return 'An entry needs at least one key (or constant: true), or it never fires.';
  if (entry.content.trim() === '') return 'An entry needs content: it is what a character is told.';
  return null;
}

export function lorebookTools(input: LorebookToolsInput): AssistantTool[] {
  const { doc, bookId, language } = input;
  const book = () => readLorebook(doc, bookId);
  const missing = { ok: false as const, error: 'The lorebook is no longer in the library.' };

  /** Writes the book with `entries` (or fields) changed, checked by putLorebook. */
  function save(next: LoreBook, origin: unknown): { ok: true } | { ok: false; error: string } {
    const problem = next.entries.map(entryProblem).find((p) => p !== null);
    if (problem) return { ok: false, error: problem };
    const saved = putLorebook(doc, next, origin);
    return saved.ok ? saved : { ok: false, error: `Refused by the lorebook's check: ${saved.detail}` };
  }

  function entryChange(
    action: ChangeAction,
    before: LoreEntry | undefined,
    after: LoreEntry | undefined,
    write: (b: LoreBook, origin: unknown) => { ok: true } | { ok: false; error: string },
  ): Change {
    const shown = (after ?? before) as LoreEntry;
    return {
      action,
      label: labelOf(shown),
      heading: 'entry',
      before: entryText(before, language),
      after: entryText(after, language),
      apply: (origin) => {
        const current = book();
        return current ? write(current, origin) : missing;
      },
    };
  }

  return [
    readTool({
      name: 'list_entries',
      description:
        'Lists the lorebook: its name, description and every entry (id, title, keys, whether constant or disabled, content length).',
      args: z.object({}),
      run: () => {
        const b = book();
        if (!b) return missing;
        const entries = b.entries.map((e) => ({
          id: e.id,
          title: e.title,
          keys: e.keys,
          constant: e.constant,
          enabled: e.enabled,
          contentChars: e.content.length,
        }));
        return { ok: true, result: JSON.stringify({ name: b.name, description: b.description, entries }) };
      },
    }),
    readTool({
      name: 'read_entry',
      description: 'Reads one entry whole: every field.',
      args: entryId,
      run: ({ id }) => {
        const entry = book()?.entries.find((e) => e.id === id);
        return entry
          ? { ok: true, result: JSON.stringify(entry) }
          : { ok: false, error: `No entry ${id} in the lorebook.` };
      },
    }),
    writeTool({
      name: 'create_entry',
      description:
        'Proposes a new entry (the person applies or rejects it). Give keys unless it is constant, and the content.',
      args: createArgs,
      propose: (args) => {
        const b = book();
        if (!b) return missing;
        const id = args.id ?? input.newId();
        const { id: _chosen, ...fields } = args;
        const parsed = loreEntrySchema.safeParse({ ...fields, id });
        if (!parsed.success)
          return { ok: false, error: `Invalid entry: ${parsed.error.issues[0]?.message ?? ''}` };
        const entry = parsed.data;
        const problem = entryProblem(entry);
        if (problem) return { ok: false, error: problem };
        if (b.entries.some((e) => e.id === id))
          return { ok: false, error: `The lorebook already has an entry ${id}.` };
        const change = entryChange(ChangeAction.create, undefined, entry, (current, origin) =>
          current.entries.some((e) => e.id === id)
            ? { ok: false, error: `The lorebook already has an entry ${id}.` }
            : save({ ...current, entries: [...current.entries, entry] }, origin),
        );
        return { ok: true, change, args: { ...args, id } };
      },
    }),
    writeTool({
      name: 'edit_entry',
      description: 'Proposes changes to one entry: only the fields given change.',
      args: editArgs,
      propose: ({ id, ...fields }) => {
        const b = book();
        if (!b) return missing;
        const before = b.entries.find((e) => e.id === id);
        if (!before) return { ok: false, error: `No entry ${id} in the lorebook.` };
        const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        const parsed = loreEntrySchema.safeParse({ ...before, ...given });
        if (!parsed.success)
          return { ok: false, error: `Invalid entry: ${parsed.error.issues[0]?.message ?? ''}` };
        const after = parsed.data;
        const problem = entryProblem(after);
        if (problem) return { ok: false, error: problem };
        const change = entryChange(ChangeAction.edit, before, after, (current, origin) =>
          current.entries.some((e) => e.id === id)
            ? save(
                { ...current, entries: current.entries.map((e) => (e.id === id ? { ...e, ...given } : e)) },
                origin,
              )
            : { ok: false, error: `No entry ${id} in the lorebook.` },
        );
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'delete_entry',
      description:
        'Proposes deleting one entry; a deleted entry goes to the trash, where the person can restore it.',
      args: entryId,
      propose: ({ id }) => {
        const before = book()?.entries.find((e) => e.id === id);
        if (!before) return { ok: false, error: `No entry ${id} in the lorebook.` };
        const change = entryChange(ChangeAction.delete, before, undefined, (current, origin) => {
          const entry = current.entries.find((e) => e.id === id);
          if (!entry) return { ok: false, error: `No entry ${id} in the lorebook.` };
          let saved: { ok: true } | { ok: false; error: string } = { ok: true };
          doc.transact(() => {
            saved = save({ ...current, entries: current.entries.filter((e) => e.id !== id) }, origin);
            if (saved.ok)
              putInTrash(
                doc,
                {
                  id: input.newId(),
                  subject: input.subject,
                  at: input.clock(),
                  kind: 'lore-entry',
                  bookId,
                  entry,
                },
                origin,
              );
          }, origin);
          return saved;
        });
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'edit_book',
      description: 'Proposes a new name or description for the lorebook itself.',
      args: bookArgs,
      propose: (args) => {
        const b = book();
        if (!b) return missing;
        const after = { name: args.name ?? b.name, description: args.description ?? b.description };
        const change: Change = {
          action: ChangeAction.settings,
          label: b.name,
          heading: 'lorebook',
          before: bookText(b, language),
          after: bookText(after, language),
          apply: (origin) => {
            const current = book();
            return current ? save({ ...current, ...after }, origin) : missing;
          },
        };
        return { ok: true, change };
      },
    }),
  ];
}
