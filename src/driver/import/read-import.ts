// Which kind of file this is and what it holds, by its content (never its extension alone): a
// character card (PNG, APNG, WebP, CHARX or JSON), a lorebook (World Info, RisuAI), a SillyTavern chat
// (JSONL) or preset, or a Rashomon story; or one line saying what is wrong and what would be read.
import type * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import type { LoreBook } from '../doc/lore-book.ts';
import { tr } from '../i18n/messages.ts';
import {
  MAX_IMPORT_FILE_BYTES,
  MAX_TITLE_CHARS,
  fileTooLarge,
  oversizedText,
} from '../story-json/field-limits.ts';
import { readJsonText } from './json-text.ts';
import type { ImportedCharacter, ImportReport } from './intermediate.ts';
import { readCardFile } from './card/read-card-file.ts';
import { importWorldInfo } from './lorebook/world-info.ts';
import { importStChat, type ChatImportMode } from './chat/st-chat.ts';
import { jsonKind } from './json-kind.ts';
import { presetReview } from './preset-review.ts';
import { readCompanions } from './chat/st-group-files.ts';

export type ReadImport =
  | { ok: true; kind: 'character'; character: ImportedCharacter; report: ImportReport }
  | { ok: true; kind: 'lorebook'; book: LoreBook; report: ImportReport }
  | { ok: true; kind: 'chat'; doc: Y.Doc; report: ImportReport }
  | { ok: true; kind: 'preset' | 'story'; json: unknown; report: ImportReport }
  | { ok: false; reason: string };

export interface ReadImportOptions {
  /** The person's language: the report's and a refusal's, and a story made from a chat. */
  language: Language;
  /** Ids of what the import makes (a book, a story). */
  newId: () => string;
  importedAt: string;
  chat?: ChatImportMode;
  /** Files given with a chat: its group file and its members' cards (GC1). */
  companions?: ReadonlyArray<{ name: string; bytes: Uint8Array }>;
  /** Who was there in a group chat, as the person set it (GC3); absent: the defaults. */
  whoWasThere?: unknown;
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const startsWith = (bytes: Uint8Array, sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);

const record = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const baseName = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');

function report(kind: ImportReport['kind'], name: string, extra: Partial<ImportReport> = {}): ImportReport {
  return { kind, name, warnings: [], converted: [], dropped: [], ...extra };
}

/** Every line a JSON object, some of them messages: a SillyTavern chat. */
function looksLikeChat(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const parsed = lines.map((l) => {
    try {
      const v: unknown = JSON.parse(l);
      return record(v) ? v : null;
    } catch {
      return null;
    }
  });
  return parsed.length > 0 && parsed.every((v) => v !== null) && parsed.some((v) => v !== null && 'mes' in v);
}

export function readImport(bytes: Uint8Array, fileName: string, opts: ReadImportOptions): ReadImport {
  const { language } = opts;
  if (bytes.length > MAX_IMPORT_FILE_BYTES)
    return { ok: false, reason: fileTooLarge(language, fileName, bytes.length) };
  if (startsWith(bytes, PNG) || startsWith(bytes, ZIP) || startsWith(bytes, RIFF)) {
    const card = readCardFile(bytes, fileName, language);
    return card.ok
      ? { ok: true, kind: 'character', character: card.character, report: card.report }
      : { ok: false, reason: card.reason };
  }
  // The decoder drops a leading BOM itself.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const chat = (): ReadImport => {
    const read = importStChat(text, {
      id: opts.newId(),
      fileName,
      language,
      mode: opts.chat ?? 'project-later',
      importedAt: opts.importedAt,
      newId: opts.newId,
      ...(opts.companions?.length || opts.whoWasThere !== undefined
        ? { group: { ...readCompanions(opts.companions ?? [], language), whoWasThere: opts.whoWasThere } }
        : {}),
    });
    return read.ok
      ? { ok: true, kind: 'chat', doc: read.doc, report: read.report }
      : { ok: false, reason: read.detail };
  };
  const parsed = readJsonText(text, language);
  if (!parsed.ok && parsed.code === 'too-deep')
    return {
      ok: false,
      reason: tr(language, '{field}: {problem}', { field: fileName, problem: parsed.reason }),
    };
  if (!parsed.ok) {
    if (looksLikeChat(text)) return chat();
    return {
      ok: false,
      reason: tr(
        language,
        '{file} is neither JSON nor an image card: Rashomon reads character cards (PNG, WebP, CHARX, JSON), lorebooks (JSON), SillyTavern chats (JSONL) and presets (JSON), and Rashomon stories (JSON).',
        { file: fileName },
      ),
    };
  }
  const { json } = parsed;
  switch (jsonKind(json)) {
    case 'story': {
      const story = json as { title?: unknown; turns?: unknown };
      // Refused here, before the review shows the title: a 50 MB one took 44 s to render (SJ8).
      if (typeof story.title === 'string' && story.title.length > MAX_TITLE_CHARS)
        return {
          ok: false,
          reason: tr(
            language,
            "title: {length} characters, over the {max} a story's title may have. Shorten it and import again.",
            { length: story.title.length, max: MAX_TITLE_CHARS },
          ),
        };
      const tooLong = oversizedText(json, language);
      if (tooLong !== null) return { ok: false, reason: tooLong };
      return {
        ok: true,
        kind: 'story',
        json,
        report: report('story', typeof story.title === 'string' ? story.title : baseName(fileName), {
          messages: Array.isArray(story.turns) ? story.turns.length : 0,
        }),
      };
    }
    case 'preset':
      return presetReview(json, baseName(fileName), language);
    case 'instruct-template':
      return {
        ok: false,
        reason: tr(
          language,
          '{file} is a SillyTavern instruct template: it wraps each message for a text-completion model. Rashomon speaks chat completion (the server applies the model’s own template), so it needs none; nothing was imported.',
          { file: fileName },
        ),
      };
    case 'context-template':
      return {
        ok: false,
        reason: tr(
          language,
          '{file} is a SillyTavern context template: its story string lays the card out for a text-completion model. Rashomon speaks chat completion and builds each request from the card itself, so it needs none; nothing was imported.',
          { file: fileName },
        ),
      };
    case 'lorebook': {
      const book = importWorldInfo(json, { id: opts.newId(), name: baseName(fileName), language });
      return book.ok
        ? { ok: true, kind: 'lorebook', book: book.book, report: book.report }
        : { ok: false, reason: book.detail };
    }
    case 'chat':
      return chat();
    case 'group':
      return {
        ok: false,
        reason: tr(
          language,
          '{file} is a SillyTavern group file: choose it together with the group’s chat (JSONL) and its members’ cards.',
          { file: fileName },
        ),
      };
    case 'character': {
      const card = readCardFile(bytes, fileName, language);
      return card.ok
        ? { ok: true, kind: 'character', character: card.character, report: card.report }
        : { ok: false, reason: card.reason };
    }
    case null:
      return {
        ok: false,
        reason: tr(
          language,
          '{file} is JSON, but none of what Rashomon reads: a character card (name, or data.name), a lorebook (entries), a SillyTavern preset (prompts) or a Rashomon story (format “rashomon.story”).',
          { file: fileName },
        ),
      };
  }
}
