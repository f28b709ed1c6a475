// How large what a file brings in may be (issue 19): a 50 MB title imported fine and then made every
// listing of the library take seconds. A field over its limit refuses the file, naming the field.
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';

/** Any file to import: a story of 60 000 long turns with their views is well below it. */
export const MAX_IMPORT_FILE_BYTES = 64 * 1024 * 1024;
/** A story's title is shown in lists and tab titles: a long sentence at most. */
export const MAX_TITLE_CHARS = 1_000;
/** A participant's name is said in every request and every transcript line. */
export const MAX_NAME_CHARS = 200;
/** Any other text of a story (a turn, a view, a card field, a memory): about a short novel. */
export const MAX_TEXT_CHARS = 200_000;
/** Fields bounded by their own schema instead (a picture is a data URL: rule C4). */
const OWN_LIMIT = new Set(['avatar']);

/** A field of a turn, named by its place in the file and by the turn's id. */
export const turnField = (language: Language, path: string, id: string): string =>
  tr(language, '{path} (turn "{id}")', { path, id });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The file's refusal when it is larger than any import may be, in `language`. */
export const fileTooLarge = (language: Language, file: string, bytes: number): string =>
  tr(language, '{file} is {size} MB; Rashomon imports files of at most {max} MB.', {
    file,
    size: Math.ceil(bytes / 1024 / 1024),
    max: MAX_IMPORT_FILE_BYTES / 1024 / 1024,
  });

/**
 * The first text of a Story JSON value longer than MAX_TEXT_CHARS, in words, or null. Walked with a
 * stack of its own, not recursion, so no input can overflow it; the title and names are the schema's.
 */
export function oversizedText(input: unknown, language: Language): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > MAX_TEXT_CHARS) return tooLong(input, path, value.length, language);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]` });
    } else if (isRecord(value)) {
      for (const [key, child] of Object.entries(value).reverse())
        if (!OWN_LIMIT.has(key)) stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

function tooLong(input: unknown, path: string, length: number, language: Language): string {
  const turn = /^turns\[(\d+)\]/.exec(path);
  const id = turn && (input as { turns: Array<{ id?: unknown }> }).turns[Number(turn[1])]?.id;
  const field = typeof id === 'string' ? turnField(language, path, id) : path;
  return tr(
    language,
    '{field}: {length} characters, over the {max} a text of a story may have. Shorten it and import again.',
    { field, length, max: MAX_TEXT_CHARS },
  );
}
