// The app bench's first render: reload on a story's URL, then milliseconds from navigation start
// until the transcript's last row is in the viewport (checked every animation frame). Every timed
// reload is "installed, warm": the service worker controls the page (it precached the app on the
// first visit), checked on each run; a run the service worker does not control fails the group.
import type { Page } from 'playwright-core';
import { median, progress, round } from './stats.ts';

/** A first render slower than this is reported as missing, with what the page showed instead. */
export const RENDER_TIMEOUT_MS = 60_000;

/** Milliseconds from navigation start until the row of `turnId` is on screen; null on a timeout. */
export function lastRowShown(
  page: Page,
  turnId: string,
  timeout = RENDER_TIMEOUT_MS,
): Promise<number | null> {
  return page
    .waitForFunction(
      (id) => {
        const row = document.querySelector(`li[data-turn-id="${id}"]`);
        if (!row) return false;
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top < window.innerHeight && box.bottom > 0 ? performance.now() : false;
      },
      turnId,
      { polling: 'raf', timeout },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'TimeoutError') return null;
      throw error;
    });
}

/** Which turns of the chronology the transcript shows, for a note when the last one never appears. */
export async function shownTurns(page: Page, turnIds: readonly string[]): Promise<string> {
  const shown = await page
    .locator('li[data-turn-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-turn-id') ?? ''));
  const indexes = shown.map((id) => turnIds.indexOf(id)).filter((i) => i >= 0);
  if (!indexes.length) return `no rows of its turns (${shown.length} rows)`;
  return `${indexes.length} rows, turns ${Math.min(...indexes) + 1} to ${Math.max(...indexes) + 1} of ${turnIds.length}`;
}

/** Waits until the service worker is active (the app precached); the next load is controlled. */
export async function serviceWorkerInstalled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

export async function assertControlled(page: Page): Promise<void> {
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) throw new Error('the service worker does not control the reloaded page: not a warm run');
}

/** The segment numbers of `storyId` that have their own database in the page's IndexedDB. */
export async function segmentDatabases(page: Page, storyId: string): Promise<number[]> {
  const names = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
  const prefix = `rashomon-story-${storyId}~`;
  return names
    .filter((name) => name.startsWith(prefix))
    .map((name) => Number(name.slice(prefix.length)))
    .sort((a, b) => a - b);
}

/** Waits for the page and its worker to settle: two idle callbacks apart by `ms`. */
export async function settle(page: Page, ms: number): Promise<void> {
  const idle = () => page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await idle();
  await page.waitForTimeout(ms);
  await idle();
}

export interface Reloads {
  medianMs: number | null;
  runsMs: number[];
  /** Set when a run's last row never showed. */
  missed?: string;
}

/** `runs` reloads on the page's story URL, each timed until `lastTurn`'s row is on screen. */
export async function timedReloads(
  page: Page,
  label: string,
  lastTurn: string,
  turnIds: readonly string[] | null,
  runs: number,
): Promise<Reloads> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.reload({ waitUntil: 'commit' });
    const ms = await lastRowShown(page, lastTurn);
    await assertControlled(page);
    if (ms === null) {
      const shown = turnIds ? await shownTurns(page, turnIds) : 'not the last row';
      return {
        medianMs: null,
        runsMs: times.map(round),
        missed: `${label}: the last turn was not on screen within ${RENDER_TIMEOUT_MS / 1000} s (the page showed ${shown})`,
      };
    }
    times.push(ms);
    progress(`app: first render of ${label} ${run + 1}/${runs}: ${ms.toFixed(0)} ms`);
    await settle(page, 300);
  }
  return { medianMs: round(median(times)), runsMs: times.map(round) };
}
