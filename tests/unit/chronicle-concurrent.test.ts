// Two devices writing a participant's chronicle at once, each before it has seen the other's first
// record: both records survive the merge. (A chronicle once lived in maps made on first write inside
// the participant's entry: two devices each made their own, and the merge kept one device's records.)
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { makeStory, JANE } from '../support/story-fixture.ts';
import { deleteRecords, readPart, writeRecords } from '../../src/driver/doc/chronicle.ts';
import { participantsMap } from '../../src/driver/doc/story-doc.ts';

const review = (changeId: string) => ({
  changeId,
  decision: 'amended' as const,
  value: `value of ${changeId}`,
  at: '2026-12-01T10:00:00.000Z',
});

describe('a chronicle written on two devices at once', () => {
  it('[D13] keeps both devices’ first records, whichever merges first', () => {
    for (const order of ['a-first', 'b-first']) {
      const a = makeStory({ clientID: 1 });
      const b = new Y.Doc({ guid: a.doc.guid });
      b.clientID = 2;
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a.doc));

      writeRecords(a.doc, JANE, 'reviews', [review('from-a')]);
      writeRecords(b, JANE, 'reviews', [review('from-b')]);
      const fromA = Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b));
      const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a.doc));
      if (order === 'a-first') {
        Y.applyUpdate(b, fromA);
        Y.applyUpdate(a.doc, fromB);
      } else {
        Y.applyUpdate(a.doc, fromB);
        Y.applyUpdate(b, fromA);
      }

      for (const doc of [a.doc, b]) {
        const ids = readPart(doc, JANE, 'reviews')
          .map((r) => r.changeId)
          .sort();
        expect(ids, order).toEqual(['from-a', 'from-b']);
      }
    }
  });

  it('[D13] still reads a chronicle kept in the older layout, inside the participant entry, and deletes from it', () => {
    const s = makeStory();
    const entry = participantsMap(s.doc).get(JANE);
    if (!(entry instanceof Y.Map)) throw new Error('no Jane');
    s.doc.transact(() => {
      const legacy = new Y.Map<unknown>();
      const reviews = new Y.Map<unknown>();
      reviews.set('old', review('old'));
      legacy.set('reviews', reviews);
      entry.set('chronicle', legacy);
    });
    writeRecords(s.doc, JANE, 'reviews', [review('new')]);
    expect(
      readPart(s.doc, JANE, 'reviews')
        .map((r) => r.changeId)
        .sort(),
    ).toEqual(['new', 'old']);
    // The views see a write to either layout as the participant's change.
    expect(
      s.views
        .chronicle(JANE)
        .reviews.map((r) => r.changeId)
        .sort(),
    ).toEqual(['new', 'old']);
    deleteRecords(s.doc, JANE, 'reviews', ['old']);
    expect(readPart(s.doc, JANE, 'reviews').map((r) => r.changeId)).toEqual(['new']);
    expect(s.views.chronicle(JANE).reviews.map((r) => r.changeId)).toEqual(['new']);
  });
});
