// Tabs of one device linked over Node's BroadcastChannel (as a worker's): convergence both ways,
// no echo and no loop, remote transactions, malformed messages ignored, separate names kept apart.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { fromAnotherTab, linkTabs, type TabLink } from '../../src/workers/store/tab-sync.ts';
import { eventually } from '../support/sync-devices.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** BroadcastChannel counting the messages its instances post. */
function countingChannel() {
  const posted: unknown[] = [];
  class Counting extends BroadcastChannel {
    override postMessage(message: unknown) {
      posted.push(message);
      super.postMessage(message);
    }
  }
  return { Channel: Counting, posted };
}

function docWith(text: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  cleanups.push(() => doc.destroy());
  return doc;
}

function link(doc: Y.Doc, name: string, Channel: typeof BroadcastChannel = BroadcastChannel): TabLink {
  const linked = linkTabs(doc, name, Channel);
  cleanups.push(() => linked.close());
  return linked;
}

const text = (doc: Y.Doc) => doc.getText('t').toString();
/** Lets the channel deliver what is in flight (Node delivers on later turns of the event loop). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('tab sync', () => {
  it('[T1][T2] tabs that changed while unlinked converge both ways, then go quiet', async () => {
    const name = `doc-${randomUUID()}`;
    const { Channel, posted } = countingChannel();
    const a = docWith('A');
    const b = docWith('B');
    link(a, name, Channel);
    link(b, name, Channel);
    await eventually(
      () => [text(a), text(b)],
      ([x, y]) => x === y && x?.length === 2,
      'both tabs hold both texts',
    );
    await settle();
    // a's hello (no tab yet), b's hello, a's answer (an update and its vector), b's answer to that
    // vector. Then quiet: nothing received is posted again.
    expect(posted.map((m) => (m as { kind: string }).kind)).toEqual([
      'hello',
      'hello',
      'update',
      'vector',
      'update',
    ]);
  });

  it('[T2] another tab’s change carries the tab origin, which the host tells from its own', async () => {
    const name = `doc-${randomUUID()}`;
    const a = docWith('');
    const b = docWith('');
    link(a, name);
    link(b, name);
    await settle();
    const fromTab: boolean[] = [];
    b.on('afterTransaction', (tr) => fromTab.push(fromAnotherTab(tr.origin)));
    a.getText('t').insert(0, 'from a');
    await eventually(
      () => text(b),
      (t) => t === 'from a',
      'the change in b',
    );
    b.getText('t').insert(0, 'b: ');
    expect(fromTab).toEqual([true, false]);
    expect(fromAnotherTab('another-tab')).toBe(false);
  });

  it('[T2] a local change is posted once and applied as a remote transaction, never echoed', async () => {
    const name = `doc-${randomUUID()}`;
    const { Channel, posted } = countingChannel();
    const a = docWith('');
    const b = docWith('');
    link(a, name, Channel);
    link(b, name, Channel);
    await settle();
    const before = posted.length;
    const remote: boolean[] = [];
    b.on('afterTransaction', (tr) => remote.push(!tr.local));
    a.getText('t').insert(0, 'lantern');
    await eventually(
      () => text(b),
      (t) => t === 'lantern',
      'the change in b',
    );
    await settle();
    expect(posted.length - before).toBe(1);
    expect(remote).toEqual([true]);
  });

  it('[T1] a tab linking later gets what the others have, and they get what it has', async () => {
    const name = `doc-${randomUUID()}`;
    const a = docWith('first ');
    const b = docWith('');
    link(a, name);
    link(b, name);
    await eventually(
      () => text(b),
      (t) => t === 'first ',
      'b catches up',
    );
    a.getText('t').insert(6, 'second ');
    await eventually(
      () => text(b),
      (t) => t === 'first second ',
      'b follows',
    );
    const c = docWith('third');
    link(c, name);
    for (const doc of [a, b, c])
      await eventually(
        () => text(doc),
        (t) => t.includes('first second') && t.includes('third'),
        'all three converge',
      );
    expect(text(a)).toBe(text(c));
    expect(text(b)).toBe(text(c));
  });

  it('[T4] a closed link neither sends nor receives', async () => {
    const name = `doc-${randomUUID()}`;
    const a = docWith('');
    const b = docWith('');
    link(a, name);
    link(b, name).close();
    a.getText('t').insert(0, 'after close');
    b.getText('t').insert(0, 'b alone');
    await settle();
    expect(text(a)).toBe('after close');
    expect(text(b)).toBe('b alone');
  });

  it('[T3] malformed messages on the channel are ignored; the link keeps working', async () => {
    const name = `doc-${randomUUID()}`;
    const a = docWith('kept');
    link(a, name);
    const b = docWith('');
    link(b, name);
    await eventually(
      () => text(b),
      (t) => t === 'kept',
      'b catches up',
    );
    const intruder = new BroadcastChannel(`tabs:${name}`);
    cleanups.push(() => intruder.close());
    const junk: unknown[] = [
      null,
      'update',
      42,
      { kind: 'update' },
      { kind: 'update', from: 'x', update: 'not bytes' },
      { kind: 'update', from: 'x', update: [1, 2, 3] },
      { kind: 'update', from: 'x', update: new Uint8Array([1, 2, 3]) },
      { kind: 'update', from: 'x', update: new Uint8Array([255, 255, 255, 255]) },
      { kind: 'hello', from: 'x', vector: new Uint8Array([255, 255, 255, 255]) },
      { kind: 'hello', from: 7, vector: new Uint8Array() },
      { kind: 'vector', from: 'x', vector: new Uint8Array() },
      { kind: 'delete-everything', from: 'x' },
    ];
    for (const message of junk) intruder.postMessage(message);
    await settle();
    expect(text(a)).toBe('kept');
    expect(text(b)).toBe('kept');
    a.getText('t').insert(4, ' going');
    await eventually(
      () => text(b),
      (t) => t === 'kept going',
      'b still follows a',
    );
  });

  it('[T4] documents under different names never exchange anything', async () => {
    const a = docWith('one');
    const b = docWith('two');
    link(a, `device-1-story-s`);
    link(b, `device-2-story-s`);
    a.getText('t').insert(3, '!');
    await settle();
    expect(text(a)).toBe('one!');
    expect(text(b)).toBe('two');
  });
});
