// The card inside a container's text (a PNG chunk, WebP metadata): base64 of UTF-8 JSON as the
// specs say, or the JSON itself as some tools write it, parsed.
import type { NoteTaker } from './card-notes.ts';
import { base64Decode, utf8Decode } from './text-bytes.ts';

export type PayloadRead = { ok: true; json: unknown } | { ok: false; reason: string };

const BOM = /^\uFEFF/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** JSON text → a value, or what is wrong with it in one line. */
export function parseJsonText(text: string): PayloadRead {
  try {
    return { ok: true, json: JSON.parse(text.replace(BOM, '')) as unknown };
  } catch (e) {
    // The engine quotes the text; a binary file's control characters would break the one line.
    const message = (e instanceof Error ? e.message : String(e)).replace(CONTROL, '?');
    return { ok: false, reason: `not JSON: ${message}` };
  }
}

/**
 * `text` as its container decoded it; `bytes` the same text's bytes, read as UTF-8 when they hold
 * JSON directly (a Latin-1 tEXt chunk would garble it). `where` names the container in notes.
 */
export function readCardPayload(
  text: string,
  bytes: Uint8Array,
  where: string,
  notes: NoteTaker,
): PayloadRead {
  if (/^\s*\{/.test(text)) {
    notes.warn(`${where} holds JSON, not base64: read as it is`);
    return parseJsonText(utf8Decode(bytes));
  }
  const decoded = base64Decode(text);
  if (decoded === null) return { ok: false, reason: `${where} is neither base64 nor JSON` };
  const parsed = parseJsonText(utf8Decode(decoded));
  return parsed.ok ? parsed : { ok: false, reason: `${where} holds base64, but ${parsed.reason}` };
}
