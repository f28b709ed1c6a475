// Equality of two lists of ids, for memos that key a <For> by strings: a re-read that brings the same
// ids keeps every row (and the focus and text inside it) in place.
export const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);
