// Cast commands: a running story's participants changed by the person (name, a character's
// description, the user's persona), characters added and removed. The driver reads the cast at every
// request, so a change reaches the next requests and leaves the written turns as they are. And the
// Author's Note, a story setting read the same way.
import type { CastApi } from '../api/cast.ts';
import type * as Y from 'yjs';
import { z } from 'zod';
import {
  addParticipant,
  getParticipant,
  setRemoved,
  updateParticipant,
  type ParticipantRefusal,
} from '../../driver/doc/participants.ts';
import { forgetOriginalPicture, listCharacters, putCharacter } from '../../driver/doc/library-doc.ts';
import type { Card } from '../../driver/doc/schema.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { readMeta, updateSettings } from '../../driver/doc/story-doc.ts';
import { authorNoteSchema } from '../../driver/doc/author-note.ts';
import { avatarSchema, readAvatar } from '../../driver/doc/avatar.ts';
import { participantRefusal } from '../../driver/i18n/doc-refusals.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { Failure } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

type CastCommands = CastApi;

const castEditSchema = z.strictObject({
  name: z.string().trim().min(1).optional(),
  description: z.string().optional(),
  persona: z.string().optional(),
  avatar: avatarSchema.optional(),
});

const newCharacterSchema = z.strictObject({
  name: z.string().trim().min(1),
  description: z.string().optional(),
  fromLibrary: z.string().min(1).optional(),
});

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

const notSaved = (issues: ReadonlyArray<{ message: string }>): Failure => ({
  ok: false,
  code: 'invalid',
  detail: uiText('The change was not saved: {reason}', { reason: issues[0]?.message ?? '' }),
});

const refused = (doc: Y.Doc, r: ParticipantRefusal): Failure => ({
  ok: false,
  code: 'unknown-participant',
  detail: participantRefusal(readMeta(doc).language, r),
});

export function castCommands(ctx: HostContext): CastCommands {
  return {
    async addCharacter(storyId, character) {
      const parsed = safeParseIn(newCharacterSchema, character, workerUiLanguage());
      if (!parsed.success) return notSaved(parsed.issues);
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const { name, description, fromLibrary } = parsed.data;
      const library = listCharacters(ctx.store.library);
      const from = fromLibrary === undefined ? undefined : library.find((c) => c.id === fromLibrary);
      if (fromLibrary !== undefined && !from)
        return notSaved([{ message: uiText('That character is no longer in the library.') }]);
      const card: Card = { ...from?.card, ...(description !== undefined ? { description } : {}) };
      const participantId = ctx.newId();
      const avatar = readAvatar(from?.avatar);
      const added = addParticipant(
        story.doc,
        { id: participantId, kind: 'character', name, present: true, card, ...(avatar ? { avatar } : {}) },
        DocOrigin.person,
      );
      if (!added.ok) return refused(story.doc, added);
      // As at a story's start: a new character joins the library, for the next story.
      if (!from && !library.some((c) => sameName(c.name, name)))
        putCharacter(ctx.store.library, { id: ctx.newId(), name, card });
      return { ok: true, participantId };
    },
    async setRemoved(storyId, participantId, removed) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const r = setRemoved(story.doc, participantId, removed, DocOrigin.person);
      return r.ok ? r : refused(story.doc, r);
    },
    async editParticipant(storyId, participantId, edit) {
      const parsed = safeParseIn(castEditSchema, edit, workerUiLanguage());
      if (!parsed.success) return notSaved(parsed.issues);
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const { name, description, persona, avatar } = parsed.data;
      // A description is a character's card; the user has a persona instead.
      const character = getParticipant(story.doc, participantId)?.kind === 'character';
      const card = description !== undefined && character ? { description } : undefined;
      const r = updateParticipant(
        story.doc,
        participantId,
        { name, persona, avatar, ...(card ? { card } : {}) },
        DocOrigin.person,
      );
      return r.ok ? r : refused(story.doc, r);
    },
    async setLibraryPicture(characterId, avatar) {
      const parsed = safeParseIn(avatarSchema, avatar, workerUiLanguage());
      if (!parsed.success) return notSaved(parsed.issues);
      await ctx.store.ready;
      const character = listCharacters(ctx.store.library).find((c) => c.id === characterId);
      if (!character) return notSaved([{ message: uiText('That character is no longer in the library.') }]);
      ctx.store.library.transact(() => {
        putCharacter(ctx.store.library, { ...character, avatar: parsed.data });
        forgetOriginalPicture(ctx.store.library, characterId);
      });
      ctx.emit({ kind: 'library-changed' });
      return { ok: true };
    },
    async setAuthorNote(storyId, note) {
      const parsed = safeParseIn(authorNoteSchema, note, workerUiLanguage());
      if (!parsed.success) return notSaved(parsed.issues);
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const { text, depth } = parsed.data;
      updateSettings(story.doc, { authorNote: text, authorNoteDepth: depth }, DocOrigin.person);
      return { ok: true };
    },
  };
}
