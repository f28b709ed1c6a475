// Names go into regular expressions as literal text, and the patterns built from them are kept: a
// story's cast is small and every answer is checked against the same names again.

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Enough patterns for every name of a few casts; past it the cache starts over. */
const MAX_CACHED_PATTERNS = 512;
const patterns = new Map<string, RegExp>();

/**
 * The pattern `build` makes for `key` (the names and words it is built from), built once per key.
 * Callers use it with `matchAll`, `test` or non-global `exec` only, which leave no state
 * (`lastIndex`) on the shared object.
 */
export function cachedRegExp(key: string, build: () => RegExp): RegExp {
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    if (patterns.size >= MAX_CACHED_PATTERNS) patterns.clear();
    pattern = build();
    patterns.set(key, pattern);
  }
  return pattern;
}
