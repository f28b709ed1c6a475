// Deterministic rolls for the lore scan: a value in [0, 1) per (seed, key), from a hash rather than a
// running generator, so a roll depends only on what it is for and rebuilding a request rolls the same.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const TWO_POW_32 = 4294967296;

/** FNV-1a over UTF-16 code units, then murmur3's finaliser so nearby keys land far apart. */
function hash32(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** `random` for a scan: the caller seeds it per participant and place (e.g. story, participant, turn). */
export function createSeededRandom(seed: string): (key: string) => number {
  return (key) => hash32(`${seed}\u0000${key}`) / TWO_POW_32;
}
