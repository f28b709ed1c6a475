// The schema-version hook: a story written by an older Rashomon is migrated in place, one version
// at a time; one written by a newer Rashomon is refused rather than misread.
import type * as Y from 'yjs';
import { STORY_SCHEMA_VERSION } from './schema.ts';
import { metaMap } from './story-doc.ts';

export interface Migration {
  /** The version this migration produces; it runs on a doc at version `to - 1`. */
  to: number;
  up(doc: Y.Doc): void;
}

/** Version 1 is the first layout: nothing to migrate yet. */
export const STORY_MIGRATIONS: readonly Migration[] = [];

export type MigrationResult =
  { ok: true; from: number; to: number } | { ok: false; code: 'newer-version'; detail: string };

export function migrateStory(
  doc: Y.Doc,
  migrations: readonly Migration[] = STORY_MIGRATIONS,
  current: number = STORY_SCHEMA_VERSION,
): MigrationResult {
  const meta = metaMap(doc);
  const stored = meta.get('schemaVersion');
  // A version no Rashomon wrote (a peer's wrong type, or older than any migration starts from) is
  // read as the current one: nothing to migrate, rather than a story that cannot be opened.
  const oldest = Math.min(current, ...migrations.map((m) => m.to - 1));
  const from = typeof stored === 'number' && Number.isInteger(stored) && stored >= oldest ? stored : current;
  if (from > current) {
    return {
      ok: false,
      code: 'newer-version',
      detail: `This story was saved by a newer Rashomon (schema ${from}; this one reads up to ${current}). Update the app to open it.`,
    };
  }
  doc.transact(() => {
    for (let v = from + 1; v <= current; v++) {
      const step = migrations.find((m) => m.to === v);
      if (!step) throw new Error(`no migration to story schema version ${v}`);
      step.up(doc);
      meta.set('schemaVersion', v);
    }
  }, 'migration');
  return { ok: true, from, to: current };
}
