// JSON text from a file, read the one way every import reads it: a UTF-8 BOM before it is no part of
// it, and a nesting deeper than any real file's is refused before JSON.parse builds it (such a value
// overflows the stack of whatever walks it later: a structured clone to the page, a Y.Doc encoder).
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';

/** Cards, lorebooks, chats, presets and stories nest about ten levels; a hundred is far beyond any. */
export const MAX_JSON_DEPTH = 100;

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

export type JsonTextRead =
  { ok: true; json: unknown } | { ok: false; code: 'too-deep' | 'not-json'; reason: string };

export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** True when some array or object in `text` (strings skipped) is nested deeper than `max`: one pass. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

/** The refusal of a file nested too deep, in `language`. */
export const tooDeep = (language: Language): string =>
  tr(
    language,
    'the file is nested more than {max} levels deep, which no card, lorebook, chat, preset or story is: it is damaged or was made to break readers, and was not read.',
    { max: MAX_JSON_DEPTH },
  );

/** `text` parsed, BOM dropped and depth checked first; a refusal says why in `language`. */
export function readJsonText(text: string, language: Language): JsonTextRead {
  const bare = withoutBom(text);
  if (nestsDeeperThan(bare, MAX_JSON_DEPTH))
    return { ok: false, code: 'too-deep', reason: tooDeep(language) };
  try {
    return { ok: true, json: JSON.parse(bare) as unknown };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, code: 'not-json', reason: tr(language, 'not JSON: {message}', { message }) };
  }
}
