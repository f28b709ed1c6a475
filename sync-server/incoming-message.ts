// Reads one message from a client, checked whole before anything of it is applied: a message that is
// not valid y-websocket (unknown type, truncated, a garbage state vector, an undecodable update or
// awareness entry) is a MalformedMessage, which closes its sender only (1007).
import * as decoding from 'lib0/decoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { MESSAGE_TYPE } from './protocol.ts';

/** A fixed guid: a random one costs more than applying a small update (crypto, per document). */
const SCRATCH_GUID = 'scratch';

/** A message that is not valid y-websocket: its connection is closed (1007), the room carries on. */
export class MalformedMessage extends Error {}

export type Incoming =
  | { kind: 'sync-step-1'; stateVector: Uint8Array }
  /** Sync step 2 or an update: both carry a Yjs update. */
  | { kind: 'update'; update: Uint8Array }
  | { kind: 'awareness'; update: Uint8Array }
  | { kind: 'query-awareness' };

export function readIncoming(data: Uint8Array): Incoming {
  try {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_TYPE.queryAwareness) return { kind: 'query-awareness' };
    if (type === MESSAGE_TYPE.awareness) {
      const update = decoding.readVarUint8Array(decoder);
      checkAwarenessUpdate(update);
      return { kind: 'awareness', update };
    }
    if (type !== MESSAGE_TYPE.sync) throw new MalformedMessage();
    const syncType = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    if (syncType === syncProtocol.messageYjsSyncStep1) {
      Y.decodeStateVector(payload);
      return { kind: 'sync-step-1', stateVector: payload };
    }
    if (syncType === syncProtocol.messageYjsSyncStep2 || syncType === syncProtocol.messageYjsUpdate) {
      // Decoding reads every struct and the delete set: a truncated update fails here, before
      // Y.applyUpdate could integrate its first part and leave it in the room. Some corrupt updates
      // decode and still fail to integrate: applying to an empty scratch document (the cost of the
      // update, not of the room) finds them too.
      Y.decodeUpdate(payload);
      Y.applyUpdate(new Y.Doc({ guid: SCRATCH_GUID }), payload);
      return { kind: 'update', update: payload };
    }
    throw new MalformedMessage();
  } catch {
    throw new MalformedMessage();
  }
}

/** Whether a message carries a Yjs update (counted when a shutdown leaves it unstored). */
export function isUpdateMessage(data: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(data);
    if (decoding.readVarUint(decoder) !== MESSAGE_TYPE.sync) return false;
    return decoding.readVarUint(decoder) !== syncProtocol.messageYjsSyncStep1;
  } catch {
    return false;
  }
}

/** y-protocols' awareness encoding: a count, then (client id, clock, JSON state) per entry. */
function checkAwarenessUpdate(update: Uint8Array): void {
  const decoder = decoding.createDecoder(update);
  const entries = decoding.readVarUint(decoder);
  for (let i = 0; i < entries; i++) {
    decoding.readVarUint(decoder);
    decoding.readVarUint(decoder);
    JSON.parse(decoding.readVarString(decoder));
  }
}
