// One Y.Doc in its own IndexedDB database through y-indexeddb: attaching it, and knowing when what was
// written so far is committed (which y-indexeddb never waits for).
import type * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';

/** Attaches y-indexeddb to `doc` and resolves once the stored updates are in it. */
export async function persisted(name: string, doc: Y.Doc): Promise<IndexeddbPersistence> {
  const persistence = new IndexeddbPersistence(name, doc);
  // y-indexeddb listens for updates before it loads, and Yjs encodes each transaction for an update
  // listener: loading re-encoded the whole story (a third of opening 10,000 turns) only for the
  // listener to skip it as its own. It listens again the moment the stored updates are in.
  doc.off('update', persistence._storeUpdate);
  persistence.once('synced', () => doc.on('update', persistence._storeUpdate));
  await persistence.whenSynced;
  return persistence;
}

/**
 * Resolves once every write begun so far on the document's database is committed. y-indexeddb stores
 * each update in a transaction of its own and never waits for it; IndexedDB starts a transaction only
 * after the earlier ones writing the same store have finished, so this read's end comes after theirs.
 */
export function stored(persistence: IndexeddbPersistence): Promise<void> {
  const db = persistence.db;
  if (!db) return persistence.whenSynced.then(() => stored(persistence));
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(['updates'], 'readonly');
    transaction.objectStore('updates').count();
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error(`IndexedDB: ${persistence.name}`));
  });
}
