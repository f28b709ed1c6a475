// A shared value copied into another document, whatever its fields: moving a story's turns between
// documents (a segmented story, docs/design/segmented-story.md §2.8) must keep every key, including
// ones a later Rashomon adds, so nothing here names a field.
import * as Y from 'yjs';

/** Copies of an array's items; a shared type of a kind Rashomon never writes is left out. */
const copyItems = (array: Y.Array<unknown>): unknown[] =>
  array.toArray().flatMap((v) => {
    const copy = copyValue(v);
    return copy === undefined ? [] : [copy];
  });

/**
 * A copy of `value` that can be set into another document. Texts keep their content as strings
 * (Rashomon's texts carry no formatting); a shared type of another kind (none Rashomon writes: a
 * peer's) has no meaning to keep and is left out (undefined).
 */
export function copyValue(value: unknown): unknown {
  if (value instanceof Y.Text) return new Y.Text(value.toString());
  if (value instanceof Y.Map) {
    const m = new Y.Map<unknown>();
    for (const [key, v] of value.entries()) {
      const copy = copyValue(v);
      if (copy !== undefined) m.set(key, copy);
    }
    return m;
  }
  if (value instanceof Y.Array) {
    const a = new Y.Array<unknown>();
    a.push(copyItems(value));
    return a;
  }
  if (value instanceof Y.AbstractType) return undefined;
  // Plain JSON (or bytes): a clone, so the two documents never share one object.
  return structuredClone(value);
}

/** Copies every top-level map, array and text of `from` into `to`, but the ones named in `except`. */
export function copyTopLevel(from: Y.Doc, to: Y.Doc, except: ReadonlySet<string>): void {
  to.transact(() => {
    for (const [name, type] of from.share) {
      if (except.has(name)) continue;
      if (type instanceof Y.Map) {
        const target = to.getMap<unknown>(name);
        for (const [key, v] of type.entries()) {
          const copy = copyValue(v);
          if (copy !== undefined) target.set(key, copy);
        }
      } else if (type instanceof Y.Array) to.getArray<unknown>(name).push(copyItems(type));
      else if (type instanceof Y.Text) to.getText(name).insert(0, type.toString());
      // A top-level type this document never read by kind came from a peer; Rashomon reads none.
    }
  });
}
