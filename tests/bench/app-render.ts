// The app bench's first render: reload on a story's URL, then milliseconds from navigation start
// until the transcript's last row is in the viewport (checked every animation frame): first as this
// device's last screen of the story shows it, then from the worker's answer. Every timed
// reload is "installed, warm": the service worker controls the page (it precached the app on the
// first visit), checked on each run; a run the service worker does not control fails the group.
import type { Page } from 'playwright-core';
import { median, progress, round } from './stats.ts';

/** A first render slower than this is reported as missing, with what the page showed instead. */
export const RENDER_TIMEOUT_MS = 60_000;

/**
 * Milliseconds from navigation start until the row of `turnId` is on screen (`shownMs`: the device's
 * last screen of the story counts, shown before the worker answers), and until it is on screen from
 * the worker's answer (`workerMs`: no `[data-last-screen]` around it); null on a timeout.
 */
export interface RowShown {
  shownMs: number;
  workerMs: number;
}

/** A timed reload: as the page's own frames saw the row, and when Playwright's frame check did. */
export interface ReloadShown extends RowShown {
  playwrightMs: number;
}

/** The sessionStorage entry naming the turn whose row the in-page watch looks for. */
const WATCH_KEY = 'rashomon-bench-watch';

interface RowWatch {
  benchRowWatch?: Partial<RowShown>;
  benchRowWatchFrame?: () => void;
}

/**
 * Installs on the page a watch that starts with every document it loads, before any of the app's
 * scripts, when sessionStorage names a turn: each animation frame it notes when that row is first in
 * the viewport, and first from the worker. Playwright's own check starts later on a reloaded page (its
 * script is set up in the new document only once the app's first scripts have run) and its answer
 * crosses to Node: in traces of 10,000-turn reloads it saw the row 30–100 ms after the page's frames did.
 */
export async function watchRows(page: Page): Promise<void> {
  await page.addInitScript(
    ({ key, timeout }) => {
      const turnId = sessionStorage.getItem(key);
      if (turnId === null) return;
      const w = window as unknown as RowWatch;
      const seen: Partial<RowShown> = {};
      w.benchRowWatch = seen;
      w.benchRowWatchFrame = () => {
        const row = document.querySelector(`li[data-turn-id="${turnId}"]`);
        const box = row?.getBoundingClientRect();
        if (row && box && box.height > 0 && box.top < window.innerHeight && box.bottom > 0) {
          seen.shownMs ??= performance.now();
          if (!row.closest('[data-last-screen]')) seen.workerMs ??= performance.now();
        }
        if (seen.workerMs === undefined && performance.now() < timeout && w.benchRowWatchFrame)
          requestAnimationFrame(w.benchRowWatchFrame);
      };
      requestAnimationFrame(w.benchRowWatchFrame);
    },
    { key: WATCH_KEY, timeout: RENDER_TIMEOUT_MS },
  );
}

/** Names the row the watch looks for from the next document on; null stops it. */
async function watchFor(page: Page, turnId: string | null): Promise<void> {
  await page.evaluate(
    ([key, id]) => (id === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, id)),
    [WATCH_KEY, turnId] as const,
  );
}

/** What the watch saw on this document, once Playwright has seen the worker's row. */
async function watched(page: Page): Promise<RowShown> {
  const seen = await page.evaluate(() => (window as unknown as RowWatch).benchRowWatch);
  if (seen?.shownMs === undefined || seen.workerMs === undefined)
    throw new Error('the in-page watch did not see the row Playwright saw: was watchRows installed?');
  return { shownMs: seen.shownMs, workerMs: seen.workerMs };
}

export function lastRowShown(
  page: Page,
  turnId: string,
  timeout = RENDER_TIMEOUT_MS,
): Promise<RowShown | null> {
  return page
    .waitForFunction(
      (id) => {
        const row = document.querySelector(`li[data-turn-id="${id}"]`);
        if (!row) return false;
        const box = row.getBoundingClientRect();
        if (!(box.height > 0 && box.top < window.innerHeight && box.bottom > 0)) return false;
        const seen = window as unknown as { benchRowShownMs?: number };
        seen.benchRowShownMs ??= performance.now();
        return row.closest('[data-last-screen]')
          ? false
          : { shownMs: seen.benchRowShownMs, workerMs: performance.now() };
      },
      turnId,
      { polling: 'raf', timeout },
    )
    .then((handle) => handle.jsonValue() as Promise<RowShown>)
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

/** How long an idle callback is waited for: a page that never idles must not hold the bench. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Waits for the page and its worker to settle: two idle callbacks apart by `ms`. False when the page
 * had no idle time within IDLE_TIMEOUT_MS (once, at 100,000 turns, a page never idled again after a
 * reload, and the bench waited forever).
 */
export async function settle(page: Page, ms: number): Promise<boolean> {
  const idle = () =>
    page.evaluate(
      (timeout) =>
        new Promise<boolean>((resolve) =>
          requestIdleCallback((deadline) => resolve(!deadline.didTimeout), { timeout }),
        ),
      IDLE_TIMEOUT_MS,
    );
  const first = await idle();
  await page.waitForTimeout(ms);
  const idled = (await idle()) && first;
  if (!idled) progress(`app: the page had no idle time for ${IDLE_TIMEOUT_MS / 1000} s`);
  return idled;
}

export interface Reloads {
  medianMs: number | null;
  /** Until the worker's rows showed it. */
  workerMedianMs: number | null;
  /** Until Playwright's frame check saw it (what this figure was before the in-page watch). */
  playwrightMedianMs: number | null;
  runsMs: number[];
  workerRunsMs: number[];
  playwrightRunsMs: number[];
  /** Set when a run's last row never showed. */
  missed?: string;
  /** Runs after which the page had no idle time for 10 s. */
  busyAfterRuns: number;
}

/**
 * `runs` reloads on the page's story URL, each timed until `lastTurn`'s row is on screen, as the
 * page's frames saw it (watchRows must be installed) and as Playwright did.
 */
export async function timedReloads(
  page: Page,
  label: string,
  lastTurn: string,
  turnIds: readonly string[] | null,
  runs: number,
): Promise<Reloads> {
  const times: ReloadShown[] = [];
  let busyAfterRuns = 0;
  const summary = () => ({
    runsMs: times.map((t) => round(t.shownMs)),
    workerRunsMs: times.map((t) => round(t.workerMs)),
    playwrightRunsMs: times.map((t) => round(t.playwrightMs)),
    busyAfterRuns,
  });
  await watchFor(page, lastTurn);
  for (let run = 0; run < runs; run++) {
    await page.reload({ waitUntil: 'commit' });
    const seen = await lastRowShown(page, lastTurn);
    await assertControlled(page);
    if (seen === null) {
      await watchFor(page, null);
      const rows = turnIds ? await shownTurns(page, turnIds) : 'not the last row';
      return {
        medianMs: null,
        workerMedianMs: null,
        playwrightMedianMs: null,
        ...summary(),
        missed: `${label}: the last turn was not on screen from the worker within ${RENDER_TIMEOUT_MS / 1000} s (the page showed ${rows})`,
      };
    }
    const shown = { ...(await watched(page)), playwrightMs: seen.shownMs };
    times.push(shown);
    progress(
      `app: first render of ${label} ${run + 1}/${runs}: ${shown.shownMs.toFixed(0)} ms (Playwright saw it at ${shown.playwrightMs.toFixed(0)}; the worker's rows: ${shown.workerMs.toFixed(0)} ms)`,
    );
    if (!(await settle(page, 300))) busyAfterRuns++;
  }
  await watchFor(page, null);
  return {
    medianMs: round(median(times.map((t) => t.shownMs))),
    workerMedianMs: round(median(times.map((t) => t.workerMs))),
    playwrightMedianMs: round(median(times.map((t) => t.playwrightMs))),
    ...summary(),
  };
}
