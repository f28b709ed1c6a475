// Cast commands: a running story's participants changed by the person (name, a character's
// description, the user's persona). The driver reads the cast at every request, so a change reaches
// the next requests and leaves the written turns as they are. And the Author's Note, a story setting
// read the same way.
import { z } from 'zod';
import { getParticipant, updateParticipant } from '../../driver/doc/participants.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { readMeta, updateSettings } from '../../driver/doc/story-doc.ts';
import { authorNoteSchema } from '../../driver/doc/author-note.ts';
import { participantRefusal } from '../../driver/i18n/doc-refusals.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { DriverApi, Failure } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

type CastCommands = Pick<DriverApi, 'editParticipant' | 'setAuthorNote'>;

const castEditSchema = z.strictObject({
  name: z.string().trim().min(1).optional(),
  description: z.string().optional(),
  persona: z.string().optional(),
});

const notSaved = (issues: ReadonlyArray<{ message: string }>): Failure => ({
  ok: false,
  code: 'invalid',
  detail: uiText('The change was not saved: {reason}', { reason: issues[0]?.message ?? '' }),
});

export function castCommands(ctx: HostContext): CastCommands {
  return {
    async editParticipant(storyId, participantId, edit) {
      const parsed = safeParseIn(castEditSchema, edit, workerUiLanguage());
      if (!parsed.success) return notSaved(parsed.issues);
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const { name, description, persona } = parsed.data;
      // A description is a character's card; the user has a persona instead.
      const character = getParticipant(story.doc, participantId)?.kind === 'character';
      const card = description !== undefined && character ? { description } : undefined;
      const r = updateParticipant(
        story.doc,
        participantId,
        { name, persona, ...(card ? { card } : {}) },
        DocOrigin.person,
      );
      return r.ok
        ? r
        : {
            ok: false,
            code: 'unknown-participant',
            detail: participantRefusal(readMeta(story.doc).language, r),
          };
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
