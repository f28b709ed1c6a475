// Fingerprints of model inputs: a fast, deterministic 53-bit string hash (cyrb53 construction),
// chained so that a history's fingerprint extends by one entry without rehashing the whole history.
// Not cryptographic: it only has to notice that an input changed.

/** Between parts: a character that cannot appear in a part keeps ("ab","c") apart from ("a","bc"). */
const SEPARATOR = 0;

/**
 * cyrb53 of the parts joined by the separator, hashed part by part: the stored bases are this
 * hash, and a story's full pass hashes every text, so no joined copy is built.
 */
export function fingerprint(...parts: string[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) {
      h1 = Math.imul(h1 ^ SEPARATOR, 2654435761);
      h2 = Math.imul(h2 ^ SEPARATOR, 1597334677);
    }
    const text = parts[p] as string;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return base36(4294967296 * (2097151 & h2) + (h1 >>> 0));
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `n.toString(36)` for an integer below 2^53, a few times faster: a story's full pass makes 8 per turn. */
function base36(n: number): string {
  let out = '';
  for (let rest = n; ;) {
    const next = Math.floor(rest / 36);
    out = (DIGITS[rest - next * 36] as string) + out;
    if (next === 0) return out;
    rest = next;
  }
}

/** The fingerprint of an empty history. */
export const EMPTY_HISTORY = fingerprint('history');
