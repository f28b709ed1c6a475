// The bench report (tests/bench/report.ts): the groups' results land in the issue's JSON shape, the
// targets read the segmented figures, and the tables show the one-document comparison and the new
// device on a segmented story.
import { describe, expect, it } from 'vitest';
import { assemble, renderMarkdown, renderTable, type GroupOutcome } from '../bench/report.ts';

const machine = {
  cores: 2,
  node: 'v20',
  cpu: 'test',
  memoryGB: 8,
  platform: 'linux x64',
  loadAverageAtStart: [1],
};
const run = { command: 'npm run bench', date: '2026-12-02T00:00:00.000Z', seconds: 1, loadAverageAtEnd: [1] };

const doc = (loadLast50Ms: number, extra: Record<string, number> = {}) => ({
  bytesPerTurn: 3200,
  loadLast50Ms,
  heapMB: 20.4,
  appendMs: 2.4,
  staleAfterEditMs: 0.6,
  stalenessMs: 62,
  readyToSendMs: 300,
  ...extra,
});
const ok = (name: string, result: unknown): GroupOutcome => ({ name, ok: true, result, seconds: 1 });

const outcomes: GroupOutcome[] = [
  ok('docScale1000', { ...doc(450), layout: 'segmented' }),
  ok('docScale10000', { ...doc(250), layout: 'segmented' }),
  ok('docScale100000', { ...doc(320, { heapMB: 21 }), layout: 'segmented' }),
  ok('docScaleOneDoc1000', { ...doc(590), layout: 'one-doc' }),
  ok('docScaleOneDoc10000', { ...doc(3200, { heapMB: 198 }), layout: 'one-doc' }),
  ok('sync', {
    turns1000: { receiveMs: 170, wireBytes: 3_191_578, docBytes: 3_191_419 },
    segmented10000: { turns: 10_000, segments: 20, playableMs: 880, everythingMs: 7850 },
  }),
];

const target = (r: ReturnType<typeof assemble>, figure: string) => r.targets.find((t) => t.figure === figure);

describe('bench report', () => {
  it('keeps the segmented figures under docScale and the one-document ones apart', () => {
    const r = assemble(machine, outcomes, run);
    expect(r.docScale.turns10000.loadLast50Ms).toBe(250);
    expect(r.docScale.turns10000.layout).toBe('segmented');
    expect(r.docScaleOneDoc.turns10000.loadLast50Ms).toBe(3200);
    expect(r.docScaleOneDoc.turns1000.layout).toBe('one-doc');
    expect(r.sync.segmented10000.playableMs).toBe(880);
    expect(r.sync.segmented10000.everythingMs).toBe(7850);
  });

  it("checks the issue's targets against the segmented figures", () => {
    const r = assemble(machine, outcomes, run);
    expect(target(r, 'docScale.turns10000.loadLast50Ms')).toMatchObject({ value: 250, met: true });
    expect(target(r, 'docScale.turns100000.loadLast50Ms')).toMatchObject({ value: 320, met: false });
    expect(target(r, 'docScale.turns10000.heapMB')).toMatchObject({ value: 20.4, met: true });
    expect(target(r, 'docScale.turns100000.heapMB')).toMatchObject({ value: 21, met: true });
    expect(target(r, 'docScale.turns10000.readyToSendMs')).toMatchObject({ value: 300, met: true });
    expect(target(r, 'docScale.turns10000.staleAfterEditMs')).toMatchObject({ met: true });
    expect(target(r, 'sync.segmented10000.playableMs')).toMatchObject({ value: 880, met: true });
    expect(r.targets.some((t) => t.figure.startsWith('docScaleOneDoc'))).toBe(false);
  });

  it('shows null figures and the reason when a group did not run', () => {
    const r = assemble(machine, outcomes.slice(0, 2), run);
    expect(r.docScale.turns100000.loadLast50Ms).toBeNull();
    expect(r.docScale.turns100000.error).toBe('not run');
    expect(r.sync.segmented10000.playableMs).toBeNull();
    expect(target(r, 'sync.segmented10000.playableMs')?.met).toBeNull();
  });

  it('renders the segmented table, the one-document comparison and the new device', () => {
    const r = assemble(machine, outcomes, run);
    const md = renderMarkdown(r);
    expect(md).toContain('## Document scale, segmented stories');
    expect(md).toContain(
      '| open → last 50 turns (ms) | 450 | 250 | 320 | ≤ 300 ms at 10,000: met; ≤ 300 ms at 100,000: MISSED |',
    );
    expect(md).toContain('## Document scale, one document');
    expect(md).toContain('| open → last 50 turns (ms) | 590 | 3,200 | segmented: 450 / 250 |');
    expect(md).toMatch(
      /new device, 10,000-turn segmented story: playable \(ms\) \| 880 \| .*≤ 2,000 ms: met/,
    );
    expect(md).toContain('| `docScale.turns10000.heapMB` | ≤ 60 MB (worker) | 20.4 | met |');
    expect(renderTable(r)).toContain('Document scale, one document');
  });

  it("shows the prose group's figures by text, and why when it did not run", () => {
    const prose = ok('prose', { quotes3000: { chars: 3000, ms: 1.18 } });
    const table = renderTable(assemble(machine, [...outcomes, prose], run));
    expect(table).toMatch(/3,000 `>` +3,000 +1\.18/);
    expect(renderTable(assemble(machine, outcomes, run))).toMatch(
      /Prose:[^]*note: median of 5 runs after one; not run/,
    );
  });
});
