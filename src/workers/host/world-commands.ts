// World and lorebook commands: the library's worlds and books (list, save, delete), and a story's
// copy of them (read with its status, edit, re-apply). Copies are made at a story's start
// (library-commands.ts); nothing here changes a running story unless the person asks.
import type { WorldApi } from '../api/world.ts';
import {
  listLorebooks,
  listWorlds,
  putLorebook,
  putWorld,
  readLorebook,
  readWorld,
  removeLorebook,
  removeWorld,
} from '../../driver/doc/library-worlds.ts';
import {
  readLoreSettings,
  readStoryBooks,
  readStoryWorld,
  removeStoryBook,
  writeLoreSettings,
  writeStoryBook,
  writeStoryWorld,
} from '../../driver/doc/story-world.ts';
import { knowledgeSchema, relationshipSchema, worldNodeSchema } from '../../driver/doc/world.ts';
import { listCharacters, listPersonas, putCharacter, putPersona } from '../../driver/doc/library-doc.ts';
import { bookHash, reappliedWorld, worldHash } from '../../driver/world/start.ts';
import { copyState } from '../../driver/doc/copy-state.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { Failure, Result } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';
import { z } from 'zod';

type WorldCommands = WorldApi;

const invalid = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });

const worldPatchSchema = z.object({
  nodes: z.array(worldNodeSchema).optional(),
  relationships: z.array(relationshipSchema).optional(),
  knowledge: z.record(z.string(), knowledgeSchema).optional(),
  characters: z.record(z.string(), z.string()).optional(),
});

export function worldCommands(ctx: HostContext): WorldCommands {
  const iso = () => new Date(ctx.clock()).toISOString();
  const library = async () => {
    await ctx.store.ready;
    return ctx.store.library;
  };
  const changed = () => ctx.emit({ kind: 'library-changed' });

  return {
    async listWorlds() {
      return listWorlds(await library());
    },
    async saveWorld(input) {
      const doc = await library();
      const saved = putWorld(doc, input);
      if (!saved.ok) return invalid(uiText('The world was not saved: {reason}', { reason: saved.detail }));
      changed();
      const world = readWorld(doc, input.id);
      return world ? { ok: true, world } : invalid(uiText('The world was not saved.'));
    },
    async deleteWorld(worldId) {
      removeWorld(await library(), worldId);
      changed();
      return { ok: true };
    },
    async listLorebooks() {
      return listLorebooks(await library());
    },
    async saveLorebook(input) {
      const doc = await library();
      const saved = putLorebook(doc, input);
      if (!saved.ok) return invalid(uiText('The lorebook was not saved: {reason}', { reason: saved.detail }));
      changed();
      const book = readLorebook(doc, input.id);
      return book ? { ok: true, book } : invalid(uiText('The lorebook was not saved.'));
    },
    async deleteLorebook(bookId) {
      removeLorebook(await library(), bookId);
      changed();
      return { ok: true };
    },

    async attachLorebook(bookId, to) {
      const doc = await library();
      if (!readLorebook(doc, bookId))
        return invalid(uiText('The library has no lorebook {id}.', { id: bookId }));
      const withBook = (books: string[], on: boolean) =>
        on ? [...new Set([...books, bookId])] : books.filter((b) => b !== bookId);
      doc.transact(() => {
        for (const c of listCharacters(doc)) {
          const on = to.characters.includes(c.id);
          if (on !== c.books.includes(bookId)) putCharacter(doc, { ...c, books: withBook(c.books, on) });
        }
        for (const p of listPersonas(doc)) {
          const on = to.personas.includes(p.id);
          if (on !== p.books.includes(bookId)) putPersona(doc, { ...p, books: withBook(p.books, on) });
        }
      });
      changed();
      return { ok: true };
    },

    async storyWorld(storyId) {
      const story = await ctx.story(storyId, true);
      if (isFailure(story)) return story;
      const doc = await library();
      const world = readStoryWorld(story.doc);
      const fromWorld = world?.from ? readWorld(doc, world.from.id) : undefined;
      const books = readStoryBooks(story.doc).map((b) => {
        const fromBook = b.from ? readLorebook(doc, b.from.id) : undefined;
        return { ...b, status: copyState(b.from, bookHash(b), fromBook ? bookHash(fromBook) : null) };
      });
      return {
        ok: true,
        world: {
          world,
          status: world
            ? copyState(world.from, worldHash(world), fromWorld ? worldHash(fromWorld) : null)
            : 'none',
          books,
          settings: readLoreSettings(story.doc),
        },
      };
    },

    async editStoryWorld(storyId, patch): Promise<Result> {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!readStoryWorld(story.doc)) return invalid(uiText('This story has no world to edit.'));
      const parsed = safeParseIn(worldPatchSchema, patch, workerUiLanguage());
      if (!parsed.success)
        return invalid(
          uiText('The world was not saved: {reason}', { reason: parsed.issues[0]?.message ?? '' }),
        );
      writeStoryWorld(story.doc, parsed.data);
      return { ok: true };
    },

    async reapplyWorld(storyId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const current = readStoryWorld(story.doc);
      if (!current?.from) return invalid(uiText('This story’s world did not come from the library.'));
      const world = readWorld(await library(), current.from.id);
      if (!world)
        return invalid(uiText('The library no longer has the world {name}.', { name: current.from.name }));
      writeStoryWorld(story.doc, reappliedWorld(current, world, iso()));
      return { ok: true };
    },

    async editStoryLore(storyId, patch) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      try {
        story.doc.transact(() => {
          if (patch.settings) writeLoreSettings(story.doc, patch.settings);
          if (patch.book) writeStoryBook(story.doc, patch.book);
          if (patch.removeBook) removeStoryBook(story.doc, patch.removeBook);
        });
      } catch (error) {
        if (error instanceof z.ZodError)
          return invalid(
            uiText('The lore was not saved: {reason}', { reason: error.issues[0]?.message ?? '' }),
          );
        throw error;
      }
      return { ok: true };
    },
  };
}
