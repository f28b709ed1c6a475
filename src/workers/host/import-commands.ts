// Files in and out of the library: the review of what a file holds (nothing written), its import —
// a character (with its own book) or a lorebook into the library, a chat or Story JSON as a new
// story, a SillyTavern preset into the presets — and exports in SillyTavern's formats and Markdown.
import type { ImportApi } from '../api/import.ts';
import type { LibraryApi } from '../api/library.ts';
import type { PromptsApi } from '../api/prompts.ts';
import { readImport, type ReadImport } from '../../driver/import/read-import.ts';
import { cardOf } from '../../driver/import/card/library-card.ts';
import { characterToPng, characterToV3 } from '../../driver/import/card/card-write.ts';
import { loreBookToWorldInfo } from '../../driver/import/lorebook/world-info.ts';
import { isPng } from '../../driver/import/card/png-chunks.ts';
import { storyMarkdown } from '../../driver/story-json/markdown.ts';
import { listCharacters } from '../../driver/doc/library-doc.ts';
import { putWorld, readLorebook } from '../../driver/doc/library-worlds.ts';
import { planCharacter, planLorebook, writeCharacter, writeLorebook } from './import-library-entry.ts';
import { keepDevicePictures, releasePictures } from './device-pictures.ts';
import { TwinChoice } from '../../driver/import/library-twin.ts';
import { cardWorldPieces } from '../../driver/turns/card-world.ts';
import { libraryEnv } from './command-env.ts';
import { getParticipant, listParticipants } from '../../driver/doc/participants.ts';
import { readMeta } from '../../driver/doc/story-doc.ts';
import type { ExportedFile, Failure, ImportFileInput, ImportOptions } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { registerStory } from './register-story.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

type ImportCommands = ImportApi;

const invalid = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });
/** Letters, digits and dashes of a name, for a file name. */
const slug = (name: string, fallback: string) =>
  name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || fallback;
const jsonFile = (name: string, value: unknown): ExportedFile => ({
  fileName: name,
  mime: 'application/json',
  bytes: new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`),
});

export function importCommands(
  ctx: HostContext,
  delegate: Pick<LibraryApi, 'importStory'> & Pick<PromptsApi, 'importSillyTavernPreset'>,
): ImportCommands {
  const iso = () => new Date(ctx.clock()).toISOString();
  const read = async (file: ImportFileInput, options: ImportOptions = {}): Promise<ReadImport> => {
    await ctx.store.ready;
    return readImport(file.bytes, file.name, {
      language: options.language ?? workerUiLanguage(),
      newId: ctx.newId,
      importedAt: iso(),
      ...(options.chat ? { chat: options.chat } : {}),
      ...(options.companions?.length ? { companions: options.companions } : {}),
      ...(options.whoWasThere !== undefined ? { whoWasThere: options.whoWasThere } : {}),
    });
  };
  const library = () => ctx.store.library;

  return {
    async reviewImport(file, options = {}) {
      const r = await read(file, options);
      if (!r.ok) return invalid(r.reason);
      if (r.kind === 'character')
        return { ok: true, report: (await planCharacter(library(), r, options)).report };
      if (r.kind === 'lorebook')
        return { ok: true, report: planLorebook(library(), r.book, r.report).report };
      return { ok: true, report: r.report };
    },

    async importFile(file, options = {}) {
      const r = await read(file, options);
      if (!r.ok) return invalid(r.reason);
      switch (r.kind) {
        case 'character': {
          const plan = await planCharacter(library(), r, options);
          const pictures = await keepDevicePictures(ctx.pictures, plan);
          const replaced =
            options.twin === TwinChoice.replace
              ? listCharacters(library()).find((c) => c.id === plan.twin?.id)
              : undefined;
          const written = writeCharacter(library(), plan, options, ctx.newId, pictures);
          if (!written.ok) return invalid(written.detail);
          // A character replaced whole lets go of the pictures only it named (K14, K15).
          if (replaced) await releasePictures(ctx.pictures, library(), replaced);
          await ctx.store.flush();
          ctx.emit({ kind: 'library-changed' });
          return { ok: true, kind: r.kind, id: written.id, report: plan.report };
        }
        case 'lorebook': {
          const { twin, report } = planLorebook(library(), r.book, r.report);
          const written = writeLorebook(library(), r.book, twin, options);
          if (!written.ok) return invalid(written.detail);
          await ctx.store.flush();
          ctx.emit({ kind: 'library-changed' });
          return { ok: true, kind: r.kind, id: written.id, report };
        }
        case 'chat': {
          const { doc } = await ctx.store.adopt(r.doc);
          await registerStory(
            ctx,
            doc,
            readMeta(doc).title,
            listParticipants(doc).map((p) => p.name),
          );
          return { ok: true, kind: r.kind, id: r.doc.guid, report: r.report };
        }
        case 'story': {
          const imported = await delegate.importStory(r.json);
          return imported.ok ? { ok: true, kind: r.kind, id: imported.storyId, report: r.report } : imported;
        }
        case 'preset': {
          const imported = await delegate.importSillyTavernPreset(r.json, {
            title: r.report.name,
            reportLanguage: workerUiLanguage(),
          });
          return imported.ok ? { ok: true, kind: r.kind, id: imported.presetId, report: r.report } : imported;
        }
        default:
          return r satisfies never;
      }
    },

    async exportCharacter(characterId, format) {
      await ctx.store.ready;
      const c = listCharacters(library()).find((x) => x.id === characterId);
      if (!c) return invalid(uiText('The library has no character {id}.', { id: characterId }));
      const book = c.books.map((b) => readLorebook(library(), b)).find((b) => b !== undefined) ?? null;
      const name = slug(c.name, 'character');
      // A JSON card carries no picture.
      if (format === 'json')
        return { ok: true, file: jsonFile(`${name}.json`, characterToV3(cardOf(c, book))), picture: 'none' };
      // The card's own picture when this device keeps it and it is a PNG (K15), else the library's.
      const kept = c.originalPicture && (await ctx.pictures.get(c.originalPicture.hash));
      const original = kept && isPng(kept.bytes) ? kept : undefined;
      const card = original ? { ...cardOf(c, book), avatar: original } : cardOf(c, book);
      const picture = original ? 'original' : card.avatar ? 'library' : 'none';
      const png = characterToPng(card, workerUiLanguage());
      if (!png.ok)
        return invalid(uiText('{name} cannot be a PNG card: {reason}', { name: c.name, reason: png.reason }));
      return { ok: true, file: { fileName: `${name}.png`, mime: 'image/png', bytes: png.bytes }, picture };
    },

    async cardWorld(characterId) {
      await ctx.store.ready;
      const c = listCharacters(library()).find((x) => x.id === characterId);
      if (!c) return invalid(uiText('The library has no character {id}.', { id: characterId }));
      return cardWorldPieces(await libraryEnv(ctx), {
        name: c.name,
        card: c.card,
        language: workerUiLanguage(),
      });
    },

    async acceptCardWorld(characterId, pieces) {
      await ctx.store.ready;
      const c = listCharacters(library()).find((x) => x.id === characterId);
      if (!c) return invalid(uiText('The library has no character {id}.', { id: characterId }));
      const nodes = pieces.map((p) => ({ id: ctx.newId(), kind: p.kind, name: p.name, body: p.body }));
      const self = nodes.find(
        (n) => n.kind === 'character' && n.name.toLocaleLowerCase() === c.name.toLocaleLowerCase(),
      );
      const worldId = ctx.newId();
      const saved = putWorld(library(), {
        id: worldId,
        name: uiText('{name}’s world', { name: c.name }),
        nodes,
        knowledge: self
          ? { [self.id]: { nodes: nodes.filter((n) => n !== self).map((n) => n.id), relationships: [] } }
          : {},
        books: c.books,
      });
      if (!saved.ok) return invalid(saved.detail);
      await ctx.store.flush();
      ctx.emit({ kind: 'library-changed' });
      return { ok: true, worldId };
    },

    async exportLorebook(bookId) {
      await ctx.store.ready;
      const book = readLorebook(library(), bookId);
      if (!book) return invalid(uiText('The library has no lorebook {id}.', { id: bookId }));
      return { ok: true, file: jsonFile(`${slug(book.name, 'lorebook')}.json`, loreBookToWorldInfo(book)) };
    },

    async exportStoryMarkdown(storyId, participantId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const who = getParticipant(story.doc, participantId);
      if (!who) return invalid(uiText('There is no such participant in this story.'));
      const meta = readMeta(story.doc);
      const text = storyMarkdown(story.doc, participantId, meta.language);
      return {
        ok: true,
        file: {
          fileName: `${slug(meta.title, 'story')}-${slug(who.name, 'view')}.md`,
          mime: 'text/markdown',
          bytes: new TextEncoder().encode(text),
        },
      };
    },
  };
}
