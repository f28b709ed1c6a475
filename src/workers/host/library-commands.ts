// Library commands: list, create, import, export and delete stories.
import type { LibraryApi } from '../api/library.ts';
import * as Y from 'yjs';
import { createStory } from '../../driver/doc/story-doc.ts';
import { addParticipant, listParticipants } from '../../driver/doc/participants.ts';
import { readWorld } from '../../driver/doc/library-worlds.ts';
import { writeStoryBook, writeStoryWorld } from '../../driver/doc/story-world.ts';
import { setPromptOverride } from '../../driver/doc/prompt-overrides.ts';
import { promptProblems } from '../../driver/prompts/resolve.ts';
import { startBooks, startWorld } from '../../driver/world/start.ts';
import { addOpening } from '../../driver/turns/opening.ts';
import { participantRefusal } from '../../driver/i18n/doc-refusals.ts';
import {
  listCharacters,
  listPersonas,
  listStories,
  putCharacter,
  putPersona,
  removeStoryEntry,
} from '../../driver/doc/library-doc.ts';
import { importStory } from '../../driver/story-json/import.ts';
import { exportStory } from '../../driver/story-json/export.ts';
import { pendingViews } from '../../driver/turns/background.ts';
import { exportSegmentedStory } from '../../driver/story-json/export-segments.ts';
import { segmentExportLoader } from '../store/segment-export-loader.ts';
import type { NewStoryInput, Result } from '../api.ts';
import type { World } from '../../driver/doc/world.ts';
import { isFailure, type HostContext } from './context.ts';
import { registerStory } from './register-story.ts';
import { libraryAvatar } from './library-avatar.ts';
import { healLibrary } from './heal-library.ts';
import {
  applyChosenPreset,
  applySuggestedPreset,
  readStartPresetChoice,
  type StartPresetChoice,
} from './start-presets.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

export function libraryCommands(ctx: HostContext): LibraryApi {
  const iso = () => new Date(ctx.clock()).toISOString();
  const register = (doc: Y.Doc, title: string, names: string[]) => registerStory(ctx, doc, title, names);
  /** Once a start: stories stored without a list entry are listed before the list is first read. */
  let healed: Promise<void> | undefined;

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

  /**
   * Copies the world into a new story: its content, then the preset it suggests (unless the start
   * chose one), then its own prompts over that (spec/prompt-system.md's order). A suggested preset
   * that cannot be used is told, and the story goes on in the default style.
   */
  const startWith = (doc: Y.Doc, world: World, input: NewStoryInput, choice: StartPresetChoice): string[] => {
    const at = iso();
    writeStoryWorld(doc, startWorld(world, listParticipants(doc), input.world ?? {}, at));
    const notices = applySuggestedPreset(ctx.store.library, doc, world, choice, at);
    for (const [path, text] of Object.entries(world.prompts)) setPromptOverride(doc, path, text);
    // Kept with the story, so the story says it on its first screen on every device.
    if (notices.length) writeStoryWorld(doc, { notices });
    return notices;
  };

  return {
    async listStories() {
      await (healed ??= healLibrary(ctx));
      return listStories(ctx.store.library);
    },

    async createStory(input: NewStoryInput): Promise<Result<{ storyId: string; notices?: string[] }>> {
      const choice = readStartPresetChoice({
        preset: input.preset,
        approvePresetRules: input.approvePresetRules,
      });
      if (isFailure(choice)) return choice;
      await ctx.store.ready;
      const library = ctx.store.library;
      const world = input.world ? readWorld(library, input.world.worldId) : undefined;
      if (input.world && !world)
        return {
          ok: false,
          code: 'invalid',
          detail: uiText('The library has no world {id}.', { id: input.world.worldId }),
        };
      // The world's prompts are checked as a story's are: a bad file refuses the start, naming each.
      const problems = world
        ? promptProblems(new Map(Object.entries(world.prompts)), workerUiLanguage())
        : [];
      if (problems.length)
        return {
          ok: false,
          code: 'invalid',
          detail: uiText('The world’s prompts cannot be used: {problems}', {
            problems: problems.map((p) => `${p.path}: ${p.reason}`).join('; '),
          }),
        };
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
          ...libraryAvatar(library, c.name),
        })),
      ];
      createStory(doc, { title: input.title, language: input.language, createdAt: iso() });
      for (const p of people) {
        const added = addParticipant(doc, p);
        if (!added.ok)
          return { ok: false, code: 'invalid', detail: participantRefusal(input.language, added) };
      }
      const notices = world ? startWith(doc, world, input, choice) : [];
      const refused = applyChosenPreset(library, doc, choice, iso());
      if (refused) return refused;
      for (const book of startBooks(library, listParticipants(doc), { world, story: input.books }, iso()))
        writeStoryBook(doc, book);
      if (input.opening) {
        const cast = listParticipants(doc);
        const author = cast.find((p) => p.kind === 'character' && p.name === input.opening?.character.trim());
        if (!author)
          return {
            ok: false,
            code: 'invalid',
            detail: uiText('The opening is {name}’s, who is not in the story.', {
              name: input.opening.character,
            }),
          };
        if (input.opening.text.trim())
          addOpening(doc, {
            author: author.id,
            text: input.opening.text,
            names: { name: author.name, user: input.user.name.trim() },
            id: ctx.newId(),
            at: iso(),
          });
      }
      const story = await ctx.store.adopt(doc);
      saveCast(input);
      await register(
        story.doc,
        input.title,
        people.map((p) => p.name),
      );
      return { ok: true, storyId: doc.guid, ...(notices.length ? { notices } : {}) };
    },

    async libraryCast() {
      await ctx.store.ready;
      return { characters: listCharacters(ctx.store.library), personas: listPersonas(ctx.store.library) };
    },

    async deleteStory(storyId) {
      await ctx.store.ready;
      await ctx.store.remove(storyId);
      removeStoryEntry(ctx.store.library, storyId);
      await ctx.store.flush();
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
      const story = await ctx.store.adopt(imported.doc);
      await register(
        story.doc,
        imported.story.title,
        imported.story.participants.map((p) => p.name),
      );
      return { ok: true, storyId: imported.doc.guid };
    },

    async exportStory(storyId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const segments = story.segments?.();
      // The views the background has not written (it stopped, or failed): the file goes without them.
      const unwritten = pendingViews(story);
      if (!segments) return { ok: true, story: exportStory(story.doc), unwritten };
      // One band at a time, each unloaded after: a long story is never all in memory.
      const loader = await segmentExportLoader(story.doc, segments);
      const exported = await exportSegmentedStory(story.doc, loader, workerUiLanguage());
      return exported.ok
        ? { ...exported, unwritten }
        : { ok: false, code: 'invalid', detail: exported.detail };
    },
  };
}
