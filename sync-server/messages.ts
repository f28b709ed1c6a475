// The y-websocket wire format (y-protocols): a message type (protocol.ts), then a sync or awareness
// payload. Encoders for the messages the server sends.
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';
import { MESSAGE_TYPE, type MessageType } from './protocol.ts';

function message(type: MessageType, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** "Here is what I have": the peer answers with what the server lacks. */
export const syncStep1Message = (doc: Y.Doc) =>
  message(MESSAGE_TYPE.sync, (e) => syncProtocol.writeSyncStep1(e, doc));

/** The answer to a peer's step 1: everything the peer's state vector lacks. */
export const syncStep2Message = (doc: Y.Doc, stateVector: Uint8Array) =>
  message(MESSAGE_TYPE.sync, (e) => syncProtocol.writeSyncStep2(e, doc, stateVector));

export const updateMessage = (update: Uint8Array) =>
  message(MESSAGE_TYPE.sync, (e) => syncProtocol.writeUpdate(e, update));

export const awarenessMessage = (awareness: awarenessProtocol.Awareness, clients: number[]) =>
  message(MESSAGE_TYPE.awareness, (e) =>
    encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients)),
  );
