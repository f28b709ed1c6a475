// The card inside a container's text (a PNG chunk, WebP metadata): base64 of UTF-8 JSON as the
// specs say, or the JSON itself as some tools write it, parsed.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import type { NoteTaker } from '../card-notes.ts';
import { base64Decode, utf8Decode } from '../text-bytes.ts';
import { readJsonText } from '../json-text.ts';

export type PayloadRead = { ok: true; json: unknown } | { ok: false; reason: string };

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** JSON text → a value, or what is wrong with it in one line. */
export function parseJsonText(text: string, language: Language = 'en'): PayloadRead {
  const read = readJsonText(text, language);
  if (read.ok) return read;
  // The engine quotes the text; a binary file's control characters would break the one line.
  return { ok: false, reason: read.reason.replace(CONTROL, '?') };
}

/**
 * `text` as its container decoded it; `bytes` the same text's bytes, read as UTF-8 when they hold
 * JSON directly (a Latin-1 tEXt chunk would garble it). `where` names the container in notes, and
 * every reason starts with it.
 */
export function readCardPayload(
  text: string,
  bytes: Uint8Array,
  where: string,
  notes: NoteTaker,
): PayloadRead {
  const { language } = notes;
  if (/^\s*\{/.test(text)) {
    notes.warn(tr(language, '{where} holds JSON, not base64: read as it is', { where }));
    const json = parseJsonText(utf8Decode(bytes), language);
    return json.ok
      ? json
      : { ok: false, reason: tr(language, '{where}: {reason}', { where, reason: json.reason }) };
  }
  const decoded = base64Decode(text);
  if (decoded === null)
    return { ok: false, reason: tr(language, '{where} is neither base64 nor JSON', { where }) };
  const parsed = parseJsonText(utf8Decode(decoded), language);
  return parsed.ok
    ? parsed
    : {
        ok: false,
        reason: tr(language, '{where} holds base64, but {reason}', { where, reason: parsed.reason }),
      };
}
