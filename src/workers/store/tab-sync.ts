// Keeps one document in step with the same document in this device's other tabs. Each tab has its own
// worker and Y.Doc; they share IndexedDB, so nothing is lost without this, but a tab would show stale
// text until a reload and build its next write on it, and without a sync server nothing else carries
// the change. Like any Yjs provider it goes by transaction origin: every update but its own is posted,
// and a received one is applied with its own origin (SYNC_ORIGINS.anotherTab), so it is not echoed
// back and counts as remote (`transaction.local` is false: that is how the host pushes library-changed
// and story-changed).
import * as Y from 'yjs';
import { z } from 'zod';
import { SYNC_ORIGINS } from './origins.ts';

/** The platform's BroadcastChannel; injected, so Node tests that simulate devices leave it out. */
export type TabChannel = typeof BroadcastChannel;

export interface TabLink {
  close(): void;
}

/** Whether a transaction with this origin brought another tab's changes. */
export const fromAnotherTab = (origin: unknown): boolean => origin === SYNC_ORIGINS.anotherTab;

// Anything on the channel is untrusted: any page of this origin can post to it. A message that is not
// one of these is ignored, and so are bytes Yjs cannot read.
const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
const tabMessageSchema = z.discriminatedUnion('kind', [
  /** A tab linked: answer with what it lacks, and this tab's vector. */
  z.object({ kind: z.literal('hello'), from: z.string(), vector: bytes }),
  /** The answer to a hello: send back what this tab lacks (an update, never another vector). */
  z.object({ kind: z.literal('vector'), from: z.string(), to: z.string(), vector: bytes }),
  /** Changes: for every tab, or (`to`) for the tab whose vector it answers. */
  z.object({ kind: z.literal('update'), from: z.string(), to: z.string().optional(), update: bytes }),
]);
type TabMessage = z.infer<typeof tabMessageSchema>;

/**
 * Links `doc` to the tabs that have the document `name` open (an IndexedDB name, so differently
 * prefixed stores never talk). Linking says hello with the state vector; each tab already open answers
 * with what this one lacks plus its own vector, which this one answers with what that tab lacks: a
 * tab that opened later, or changed the document while unlinked, converges both ways, with no loop.
 * One link per document (the store makes it): links share their origin, so a second link on the same
 * document would not pass the first one's changes on.
 */
export function linkTabs(doc: Y.Doc, name: string, Channel: TabChannel): TabLink {
  const channel = new Channel(`tabs:${name}`);
  // Not randomUUID, which only secure contexts have (a phone on http://<LAN address> is not one).
  const self = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('.');
  const post = (message: TabMessage) => channel.postMessage(message);
  const lacking = (vector: Uint8Array) => Y.encodeStateAsUpdate(doc, vector);

  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== SYNC_ORIGINS.anotherTab) post({ kind: 'update', from: self, update });
  };
  const receive = (message: TabMessage) => {
    switch (message.kind) {
      case 'hello':
        post({ kind: 'update', from: self, to: message.from, update: lacking(message.vector) });
        post({ kind: 'vector', from: self, to: message.from, vector: Y.encodeStateVector(doc) });
        return;
      case 'vector':
        if (message.to === self)
          post({ kind: 'update', from: self, to: message.from, update: lacking(message.vector) });
        return;
      case 'update':
        if (message.to === undefined || message.to === self)
          Y.applyUpdate(doc, message.update, SYNC_ORIGINS.anotherTab);
        return;
      default:
        return message satisfies never;
    }
  };
  channel.onmessage = (event: MessageEvent) => {
    const parsed = tabMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    try {
      receive(parsed.data);
    } catch {
      // Bytes that are not a state vector or an update (Yjs throws while reading them): ignored.
    }
  };

  const link: TabLink = {
    close() {
      doc.off('update', onUpdate);
      channel.onmessage = null;
      channel.close();
    },
  };
  doc.on('update', onUpdate);
  post({ kind: 'hello', from: self, vector: Y.encodeStateVector(doc) });
  return link;
}
