// The two lanes of a story's model work (scheduler.ts, L8), with a background whose steps the test
// holds and releases: a command stops it first and runs at once, the background resumes after, a Stop
// holds it, a draft starts none it did not stop, and how each run ended is told.
import { describe, expect, it } from 'vitest';
import { createScheduler, type BackgroundEnd } from '../../src/driver/turns/scheduler.ts';
import type { DriverResult } from '../../src/driver/env.ts';

/** A background that does one held step per run, ending as told once released or aborted. */
function heldBackground() {
  const log: string[] = [];
  const releases: Array<(r: DriverResult) => void> = [];
  let runs = 0;
  const background = (signal: AbortSignal) =>
    new Promise<DriverResult>((resolve) => {
      const run = ++runs;
      log.push(`start ${run}`);
      signal.addEventListener('abort', () => {
        log.push(`aborted ${run}`);
        resolve({ ok: false, code: 'cancelled', detail: 'stopped' });
      });
      releases.push((r) => {
        log.push(`done ${run}`);
        resolve(r);
      });
    });
  return { log, background, release: (r: DriverResult = { ok: true }) => releases.at(-1)?.(r) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the scheduler (L8)', () => {
  it('[L8] a command aborts the background in flight, runs once it has stopped, and the background resumes after', async () => {
    const bg = heldBackground();
    const ends: BackgroundEnd[] = [];
    const scheduler = createScheduler(bg.background, (end) => ends.push(end));
    scheduler.resume();
    expect(scheduler.busy).toBe(true);
    const result = await scheduler.run(async () => {
      bg.log.push('command');
      return 'sent';
    });
    expect(result).toBe('sent');
    // The command ran after the background's run was aborted, never alongside it.
    expect(bg.log).toEqual(['start 1', 'aborted 1', 'command', 'start 2']);
    expect(ends).toEqual([{ kind: 'stopped' }]);
    bg.release();
    expect(await scheduler.idle()).toEqual({ kind: 'done' });
    expect(scheduler.busy).toBe(false);
  });

  it('[L8] commands run one at a time in the order they came; the background waits for the last', async () => {
    const bg = heldBackground();
    const scheduler = createScheduler(bg.background);
    let release: () => void = () => {};
    const first = scheduler.run(
      () =>
        new Promise<void>((resolve) => {
          bg.log.push('first');
          release = resolve;
        }),
    );
    const second = scheduler.run(async () => void bg.log.push('second'));
    await tick();
    expect(bg.log).toEqual(['first']);
    release();
    await Promise.all([first, second]);
    expect(bg.log).toEqual(['first', 'second', 'start 1']);
  });

  it('[L8] Stop holds the background until the next command; a draft starts none it did not stop', async () => {
    const bg = heldBackground();
    const scheduler = createScheduler(bg.background);
    scheduler.resume();
    scheduler.hold();
    expect(await scheduler.idle()).toEqual({ kind: 'stopped' });
    // A draft (a hint) neither clears the hold nor starts a background.
    await scheduler.run(async () => void bg.log.push('hint'), { resumes: false });
    expect(scheduler.busy).toBe(false);
    // A command does both.
    await scheduler.run(async () => void bg.log.push('send'));
    expect(scheduler.busy).toBe(true);
    expect(bg.log).toEqual(['start 1', 'aborted 1', 'hint', 'send', 'start 2']);
    // A draft that stopped a running background lets it go on after.
    await scheduler.run(async () => void bg.log.push('suggest'), { resumes: false });
    expect(bg.log.slice(-3)).toEqual(['aborted 2', 'suggest', 'start 3']);
  });

  it('[L8] a failure stops the background and is told; a stale story waits for the person', async () => {
    const bg = heldBackground();
    const ends: BackgroundEnd[] = [];
    const scheduler = createScheduler(bg.background, (end) => ends.push(end));
    scheduler.resume();
    bg.release({ ok: false, code: 'unreachable', detail: 'Nothing answers.' });
    expect(await scheduler.idle()).toEqual({
      kind: 'failed',
      failure: { ok: false, code: 'unreachable', detail: 'Nothing answers.' },
    });
    scheduler.resume();
    bg.release({ ok: false, code: 'stale-history', detail: 'stale' });
    expect(await scheduler.idle()).toEqual({ kind: 'waiting' });
    expect(ends.map((e) => e.kind)).toEqual(['failed', 'waiting']);
  });
});
