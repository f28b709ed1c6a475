// Library card commands: a library character's card and a persona edited after creation or import,
// and either one deleted. Each answer says what to do when the library refuses; stories are untouched.
import type { LibraryCardsApi } from '../api/library-cards.ts';
import type { z } from 'zod';
import {
  characterCardEditSchema,
  deleteLibraryEntry,
  editCharacterCard,
  editPersona,
  personaEditSchema,
  type LibraryEditResult,
} from '../../driver/doc/library-card-edit.ts';
import { LIBRARY_SECTION, listCharacters } from '../../driver/doc/library-doc.ts';
import { releasePictures } from './device-pictures.ts';
import { base64Encode } from '../../driver/import/text-bytes.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { Failure, Result } from '../api.ts';
import type { HostContext } from './context.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

type LibraryCardCommands = LibraryCardsApi;

const notSaved = (reason: string): Failure => ({
  ok: false,
  code: 'invalid',
  detail: uiText('The change was not saved: {reason}', { reason }),
});

function answer(r: LibraryEditResult, kind: 'character' | 'persona'): Result {
  if (r.ok) return r;
  switch (r.code) {
    case 'unknown':
      return notSaved(
        kind === 'character'
          ? uiText('That character is no longer in the library.')
          : uiText('That persona is no longer in the library.'),
      );
    case 'name-taken':
      return notSaved(
        kind === 'character'
          ? uiText('another character in the library is called {name}: choose another name.', {
              name: r.name,
            })
          : uiText('another persona in the library is called {name}: choose another name.', {
              name: r.name,
            }),
      );
    default:
      return r satisfies never;
  }
}

/** The edit parsed, or why not; an empty name is told as such (the zod message would not say what to do). */
function parse<T extends { name: string }>(schema: z.ZodType<T>, edit: T): T | Failure {
  if (typeof edit.name === 'string' && edit.name.trim() === '')
    return notSaved(uiText('a name is needed: write one, or Cancel to keep it as it was.'));
  const parsed = safeParseIn(schema, edit, workerUiLanguage());
  return parsed.success ? parsed.data : notSaved(parsed.issues[0]?.message ?? '');
}

const isFailure = (x: object): x is Failure => 'ok' in x && x.ok === false;

export function libraryCardCommands(ctx: HostContext): LibraryCardCommands {
  const done = (r: LibraryEditResult, kind: 'character' | 'persona'): Result => {
    if (r.ok) ctx.emit({ kind: 'library-changed' });
    return answer(r, kind);
  };
  return {
    async editLibraryCharacter(characterId, edit) {
      const valid = parse(characterCardEditSchema, edit);
      if (isFailure(valid)) return valid;
      await ctx.store.ready;
      return done(editCharacterCard(ctx.store.library, characterId, valid, DocOrigin.person), 'character');
    },
    async editLibraryPersona(personaId, edit) {
      const valid = parse(personaEditSchema, edit);
      if (isFailure(valid)) return valid;
      await ctx.store.ready;
      return done(editPersona(ctx.store.library, personaId, valid, DocOrigin.person), 'persona');
    },
    async deleteLibraryCharacter(characterId) {
      await ctx.store.ready;
      const gone = listCharacters(ctx.store.library).find((c) => c.id === characterId);
      const r = deleteLibraryEntry(
        ctx.store.library,
        LIBRARY_SECTION.characters,
        characterId,
        DocOrigin.person,
      );
      // Its pictures on this device go with it, unless another character names them (K15).
      if (r.ok && gone) await releasePictures(ctx.pictures, ctx.store.library, gone);
      return done(r, 'character');
    },
    async characterExpressions(characterId) {
      await ctx.store.ready;
      const c = listCharacters(ctx.store.library).find((x) => x.id === characterId);
      if (!c) return notSaved(uiText('That character is no longer in the library.'));
      const expressions = await Promise.all(
        (c.expressions ?? []).map(async ({ name, hash }) => {
          const picture = await ctx.pictures.get(hash);
          return { name, src: picture ? `data:${picture.mime};base64,${base64Encode(picture.bytes)}` : null };
        }),
      );
      return { ok: true, expressions };
    },
    async deleteLibraryPersona(personaId) {
      await ctx.store.ready;
      const r = deleteLibraryEntry(ctx.store.library, LIBRARY_SECTION.personas, personaId, DocOrigin.person);
      return done(r, 'persona');
    },
  };
}
