// Library commands: list, create, import, export and delete stories.
import * as Y from 'yjs';
import { createStory } from '../../driver/doc/story-doc.ts';
import { addParticipant } from '../../driver/doc/participants.ts';
import { participantRefusal } from '../../driver/i18n/doc-refusals.ts';
import {
  listCharacters,
  listPersonas,
  listStories,
  putCharacter,
  putPersona,
  putStoryEntry,
  removeStoryEntry,
} from '../../driver/doc/library-doc.ts';
import { importStory } from '../../driver/story-json/import.ts';
import { exportStory } from '../../driver/story-json/export.ts';
import type { DriverApi, NewStoryInput, Result } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { workerUiLanguage } from '../i18n/ui-text.ts';

type LibraryApi = Pick<
  DriverApi,
  'listStories' | 'createStory' | 'libraryCast' | 'deleteStory' | 'importStory' | 'exportStory'
>;

export function libraryCommands(ctx: HostContext): LibraryApi {
  const iso = () => new Date(ctx.clock()).toISOString();
  const register = (doc: Y.Doc, title: string, names: string[]) => {
    const now = iso();
    putStoryEntry(ctx.store.library, {
      id: doc.guid,
      title,
      createdAt: now,
      lastActivity: now,
      participants: names,
    });
    ctx.emit({ kind: 'library-changed' });
  };

  /** New characters and the persona of a new story join the library, to start the next story with. */
  const saveCast = (input: NewStoryInput) => {
    const known = (names: string[], name: string) =>
      names.some((n) => n.toLocaleLowerCase() === name.toLocaleLowerCase());
    const characters = listCharacters(ctx.store.library).map((c) => c.name);
    for (const c of input.characters) {
      if (!known(characters, c.name))
        putCharacter(ctx.store.library, { id: ctx.newId(), name: c.name, card: c.card ?? {} });
    }
    const persona = input.user.persona?.trim();
    if (
      persona &&
      !known(
        listPersonas(ctx.store.library).map((p) => p.name),
        input.user.name,
      )
    ) {
      putPersona(ctx.store.library, { id: ctx.newId(), name: input.user.name, persona });
    }
  };

  return {
    async listStories() {
      await ctx.store.ready;
      return listStories(ctx.store.library);
    },

    async createStory(input: NewStoryInput): Promise<Result<{ storyId: string }>> {
      await ctx.store.ready;
      const doc = new Y.Doc({ guid: ctx.newId() });
      const people = [
        {
          id: ctx.newId(),
          kind: 'user' as const,
          name: input.user.name,
          present: true,
          persona: input.user.persona ?? '',
        },
        ...input.characters.map((c) => ({
          id: ctx.newId(),
          kind: 'character' as const,
          name: c.name,
          present: c.present ?? true,
          card: c.card ?? {},
        })),
      ];
      createStory(doc, { title: input.title, language: input.language, createdAt: iso() });
      for (const p of people) {
        const added = addParticipant(doc, p);
        if (!added.ok)
          return { ok: false, code: 'invalid', detail: participantRefusal(input.language, added) };
      }
      await ctx.store.adopt(doc);
      register(
        doc,
        input.title,
        people.map((p) => p.name),
      );
      saveCast(input);
      return { ok: true, storyId: doc.guid };
    },

    async libraryCast() {
      await ctx.store.ready;
      return { characters: listCharacters(ctx.store.library), personas: listPersonas(ctx.store.library) };
    },

    async deleteStory(storyId) {
      await ctx.store.ready;
      await ctx.store.remove(storyId);
      removeStoryEntry(ctx.store.library, storyId);
      ctx.emit({ kind: 'library-changed' });
      return { ok: true };
    },

    async importStory(json) {
      await ctx.store.ready;
      const taken = (id: unknown) =>
        typeof id === 'string' && listStories(ctx.store.library).some((s) => s.id === id);
      // Importing a story this device already has makes a copy rather than merging into it.
      const input =
        json && typeof json === 'object' && taken((json as { id?: unknown }).id)
          ? { ...json, id: ctx.newId() }
          : json;
      // The person reads why a file is refused: in the interface language.
      const imported = importStory(input, iso(), workerUiLanguage());
      if (!imported.ok) return { ok: false, code: 'invalid', detail: imported.detail };
      await ctx.store.adopt(imported.doc);
      register(
        imported.doc,
        imported.story.title,
        imported.story.participants.map((p) => p.name),
      );
      return { ok: true, storyId: imported.doc.guid };
    },

    async exportStory(storyId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      return { ok: true, story: exportStory(story.doc) };
    },
  };
}
