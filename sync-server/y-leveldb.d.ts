// Types for the part of y-leveldb the sync server uses (its package "exports" hide its own .d.ts).
// y-leveldb logs and swallows a failed database operation, resolving with null instead.
declare module 'y-leveldb' {
  import type * as Y from 'yjs';

  export class LeveldbPersistence {
    constructor(location: string, options?: { level?: unknown; levelOptions?: object });
    getYDoc(docName: string): Promise<Y.Doc | null>;
    storeUpdate(docName: string, update: Uint8Array): Promise<number | null>;
    flushDocument(docName: string): Promise<void | null>;
    /** The documents with stored updates (tests list the rooms that reached the disk). */
    getAllDocNames(): Promise<string[] | null>;
    destroy(): Promise<void | null>;
  }
}
