// Bytes ↔ text for card files without Node's Buffer: Latin-1 (PNG tEXt keywords and text; the
// browser's "latin1" decoder is really windows-1252), UTF-8, and base64 (the cards' chunk payloads).

/** Browsers and engines limit how many arguments one call may take: text is built in slices. */
const SLICE = 0x8000;

/** `apply` takes the typed array as it is: spreading it walked an iterator, 20 s for 25 MB (issue 39). */
export function latin1Decode(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += SLICE) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + SLICE) as unknown as number[]));
  }
  return parts.join('');
}

/** Characters beyond Latin-1 cannot be written in a tEXt chunk: refused rather than mangled. */
export function latin1Encode(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new RangeError(`not Latin-1: U+${code.toString(16).toUpperCase()} at ${i}`);
    bytes[i] = code;
  }
  return bytes;
}

export const utf8Decode = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);
export const utf8Encode = (text: string): Uint8Array => new TextEncoder().encode(text);

export function base64Encode(bytes: Uint8Array): string {
  return btoa(latin1Decode(bytes));
}

/**
 * Lenient base64: whitespace and line breaks ignored, the URL-safe alphabet and missing padding
 * accepted, as card tools write all of them. Null when it is not base64 at all.
 */
export function base64Decode(text: string): Uint8Array | null {
  let clean = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  clean = clean.replace(/=+$/, '');
  clean += '='.repeat((4 - (clean.length % 4)) % 4);
  try {
    const binary = atob(clean);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

export const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
