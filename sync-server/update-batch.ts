// Updates applied to a room's document but not yet on disk: written as one merged LevelDB update, then
// relayed, each connection getting everyone else's changes merged into one message.
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { updateMessage } from './messages.ts';

/** Y.applyUpdate failed on an update that had decoded: the document may hold part of it. */
export class PartlyApplied extends Error {}

export class UpdateBatch {
  private readonly kept: Uint8Array[] = [];
  private readonly changes: Array<{ origin: WebSocket; change: Uint8Array }> = [];
  /** Bytes of the messages in the batch, and how many there are (kept or not). */
  bytes = 0;
  messages = 0;

  get empty(): boolean {
    return this.kept.length === 0;
  }

  /**
   * Applies an update (already decoded whole); keeps it if it changed anything or waits for a missing
   * dependency (such parts change nothing yet, but are kept on disk too).
   */
  apply(doc: Y.Doc, origin: WebSocket, update: Uint8Array): void {
    this.bytes += update.length;
    this.messages++;
    const { store } = doc;
    const pendingBefore = [store.pendingStructs, store.pendingDs];
    let changed = false;
    const collect = (change: Uint8Array) => {
      changed = true;
      this.changes.push({ origin, change });
    };
    doc.on('update', collect);
    try {
      Y.applyUpdate(doc, update, origin);
    } catch (e) {
      throw new PartlyApplied(`an update failed to apply (${(e as Error).message})`);
    } finally {
      doc.off('update', collect);
    }
    const pendingChanged = store.pendingStructs !== pendingBefore[0] || store.pendingDs !== pendingBefore[1];
    if (changed || pendingChanged) this.kept.push(update);
  }

  /** The one update to write for the whole batch. */
  stored(): Uint8Array {
    return this.kept.length === 1 ? this.kept[0]! : Y.mergeUpdates(this.kept);
  }

  /** What to send each connection once the batch is on disk: the changes others made, merged. */
  relays(peers: Iterable<WebSocket>): Map<WebSocket, Uint8Array> {
    const origins = new Set(this.changes.map(({ origin }) => origin));
    const merged = (except: WebSocket | null) => {
      const parts = this.changes.filter(({ origin }) => origin !== except).map(({ change }) => change);
      if (parts.length === 0) return null;
      return updateMessage(parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts));
    };
    const toOthers = merged(null);
    const out = new Map<WebSocket, Uint8Array>();
    for (const ws of peers) {
      const message = origins.has(ws) ? merged(ws) : toOthers;
      if (message) out.set(ws, message);
    }
    return out;
  }
}
