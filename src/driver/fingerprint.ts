// Fingerprints of model inputs: a fast, deterministic 53-bit string hash (cyrb53 construction),
// chained so that a history's fingerprint extends by one entry without rehashing the whole history.
// Not cryptographic: it only has to notice that an input changed.

function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function fingerprint(...parts: string[]): string {
  // A separator that cannot appear in a part keeps ("ab","c") apart from ("a","bc").
  return cyrb53(parts.join('\u0000')).toString(36);
}

/** The fingerprint of an empty history. */
export const EMPTY_HISTORY = fingerprint('history');
