// Story JSON over a segmented story (docs/design/segmented-story.md §2.9): an import writes each turn
// into the segment of its depth, an export reads the segments one at a time, and the file is the one
// the story kept in one document gives.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { segmentOf } from '../../src/driver/doc/segment-key.ts';
import { metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { exportSegmentedStory } from '../../src/driver/story-json/export-segments.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import {
  exportOfSegments,
  longStoryJson,
  memorySegments,
  importIntoSegments,
} from '../support/segment-docs.ts';
import { isoAt } from '../support/story-fixture.ts';

const AT = isoAt(100_000);

/** The file the story gives when kept in one document, as today. */
function oneDocExport(json: unknown) {
  const imported = importStory(json, AT);
  if (!imported.ok) throw new Error(imported.detail);
  return exportStory(imported.doc);
}

async function segmentedImport(json: unknown) {
  const segments = memorySegments('long-story');
  const imported = await importIntoSegments(json, AT, segments.write);
  if (!imported.ok) throw new Error(imported.detail);
  return { ...imported, docs: segments.docs };
}

describe('Story JSON of a segmented story', () => {
  it('[SM4] a 1,200-turn story with branches imports into three segments and exports the same file', async () => {
    const json = longStoryJson(1200);
    const { root, docs, segments } = await segmentedImport(json);
    expect(segments).toEqual([0, 1, 2]);
    expect(turnsMap(root).size).toBe(0);
    expect(metaMap(root).get('schemaVersion')).toBe(2);
    let total = 0;
    for (const [n, doc] of docs) {
      expect(doc.getMap('segment').toJSON()).toEqual({ story: 'long-story', n });
      for (const [id, m] of turnsMap(doc).entries()) {
        const depth = m.get('depth') as number;
        expect(segmentOf(depth), id).toBe(n);
        const parent = m.get('parent') as string | null;
        if (parent === null) expect(depth).toBe(0);
        else {
          const home = [...docs.values()].find((d) => turnsMap(d).has(parent)) as Y.Doc;
          expect(turnsMap(home).get(parent)?.get('depth')).toBe(depth - 1);
        }
        total++;
      }
    }
    expect(total).toBe(1200);
    const exported = await exportOfSegments(root, docs);
    const expected = oneDocExport(json);
    expect(exported.turns).toHaveLength(1200);
    expect(exported).toEqual(expected);
    // The leaf says where the story is without loading a segment.
    expect(readLeafRef(root)).toEqual({
      id: expected.activeLeaf,
      depth: turnsMap(docs.get(2) as Y.Doc)
        .get(expected.activeLeaf as string)
        ?.get('depth'),
    });
    // And the exported file imports again, as one document or in segments, to the same file.
    expect(
      await exportOfSegments(...(await segmentedImport(exported).then((r) => [r.root, r.docs] as const))),
    ).toEqual(expected);
  });

  it('[SM4] the export loads one segment at a time, releasing each before the next', async () => {
    const { root, docs } = await segmentedImport(longStoryJson(1200));
    const events: string[] = [];
    const exported = await exportSegmentedStory(root, {
      segments: [0, 1, 2],
      load: async (n) => (events.push(`load ${n}`), docs.get(n) ?? null),
      release: (n) => void events.push(`release ${n}`),
    });
    expect(exported.ok).toBe(true);
    expect(events).toEqual(['load 0', 'release 0', 'load 1', 'release 1', 'load 2', 'release 2']);
  });

  it('[SM4] a segment that is not on the device refuses the export, saying how many and what to do', async () => {
    const { root, docs } = await segmentedImport(longStoryJson(1200));
    const without = (gone: number[]) => ({
      segments: [0, 1, 2],
      load: async (n: number) => (gone.includes(n) ? null : (docs.get(n) ?? null)),
      release: () => {},
    });
    expect(await exportSegmentedStory(root, without([1]))).toEqual({
      ok: false,
      code: 'segments-missing',
      missing: [1],
      detail:
        'One older part of this story is not on this device yet. Connect to the sync server and try again.',
    });
    const zh = await exportSegmentedStory(root, without([0, 1]), 'zh');
    expect(zh).toMatchObject({ ok: false, missing: [0, 1] });
    expect(!zh.ok && zh.detail).toBe('这个故事有 2 个较早的部分还不在此设备上。请连接同步服务器后再试。');
  });

  it('[SM4] a refused file writes no segment', async () => {
    const json = longStoryJson(30);
    const broken = { ...json, turns: json.turns.map((t, i) => (i === 12 ? { ...t, author: 'nobody' } : t)) };
    const segments = memorySegments('long-story');
    const imported = await importIntoSegments(broken, AT, segments.write);
    expect(imported).toMatchObject({ ok: false, code: 'invalid-story' });
    expect(segments.docs.size).toBe(0);
  });

  it('[SM4] a turn whose stored depth does not follow its parent is left out, with what follows it', async () => {
    const { root, docs } = await segmentedImport(longStoryJson(40));
    const seg = docs.get(0) as Y.Doc;
    // t5 is on the main line (depth 5); a peer writes it at depth 7.
    (turnsMap(seg).get('t5') as Y.Map<unknown>).set('depth', 7);
    const exported = await exportOfSegments(root, docs);
    const ids = exported.turns.map((t) => t.id);
    expect(ids).toContain('t4');
    expect(ids).not.toContain('t5');
    expect(ids).not.toContain('t6');
  });
});
