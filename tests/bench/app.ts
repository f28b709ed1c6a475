// app: the built app (vite build into .tmp/bench-dist, so dist/ is left alone), served by the sync
// server on 127.0.0.1, in Debian's Chromium (playwright-core, a fresh profile).
//   firstLoadJsGzipKB  first-load JavaScript, gzip: what a first load fetches and runs, the chunks
//                      imported on first use listed apart (first-load-js.ts)
//   firstRender1000Ms  a 1,000-turn story imported once through "Import a file"; then, per run, the page
//                      is reloaded on the story's URL (a new worker opens the story from IndexedDB) and
//                      the time is taken from navigation start until the transcript's last row is in
//                      the viewport (checked every animation frame)
// Also firstRender10000Ms, the same for 10,000 turns: the issue's "last 50 turns of a 10,000-turn story
// on screen in ≤ 300 ms", measured in the browser. `--first-load-only` stops once the library shows (no
// story is imported): the figure and what Chromium fetched until then, to check one against the other.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { startSyncServer } from '../../sync-server/server.ts';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { firstLoadJs } from './first-load-js.ts';
import { runGroup } from './group.ts';
import { buildStory } from './story-gen.ts';
import { median, now, progress, round } from './stats.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TMP = join(ROOT, '.tmp');
const DIST = join(TMP, 'bench-dist');
/** Story sizes and how many reloads each is timed over. */
const SIZES = [
  { turns: 1000, runs: 5 },
  { turns: 10_000, runs: 3 },
];
const TIMEOUT_MS = 120_000;
/** A first render slower than this is reported as missing, with what the page showed instead. */
const RENDER_TIMEOUT_MS = 60_000;
const skipBuild = process.argv.includes('--no-build');
const firstLoadOnly = process.argv.includes('--first-load-only');

function build(): void {
  progress('app: building the app into .tmp/bench-dist');
  mkdirSync(TMP, { recursive: true });
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
    // stdout stays clean for the result: the build's output goes to stderr.
    { cwd: ROOT, stdio: ['ignore', 2, 2], env: { ...process.env, TMPDIR: TMP } },
  );
  if (result.status !== 0) throw new Error(`vite build failed (${result.signal ?? result.status})`);
}

/** Milliseconds from navigation start until the row of `turnId` is on screen; null on a timeout. */
function lastRowShown(page: Page, turnId: string): Promise<number | null> {
  return page
    .waitForFunction(
      (id) => {
        const row = document.querySelector(`li[data-turn-id="${id}"]`);
        if (!row) return false;
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top < window.innerHeight && box.bottom > 0 ? performance.now() : false;
      },
      turnId,
      { polling: 'raf', timeout: RENDER_TIMEOUT_MS },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'TimeoutError') return null;
      throw error;
    });
}

/** Which turns of the chronology the transcript shows, for a note when the last one never appears. */
async function shownTurns(page: Page, turnIds: string[]): Promise<string> {
  const shown = await page
    .locator('li[data-turn-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-turn-id') ?? ''));
  const indexes = shown.map((id) => turnIds.indexOf(id)).filter((i) => i >= 0);
  if (!indexes.length) return 'no rows';
  return `${indexes.length} rows, turns ${Math.min(...indexes) + 1} to ${Math.max(...indexes) + 1} of ${turnIds.length}`;
}

interface Rendered {
  medianMs: number | null;
  runsMs: number[];
  importAndRenderMs: number | null;
  note?: string;
}

/** Imports a story of `turns` turns through the library's file input, then times reloads on it. */
async function firstRender(page: Page, turns: number, runs: number): Promise<Rendered> {
  progress(`app: generating a ${turns}-turn Story JSON`);
  const built = await buildStory({ turns, seed: 12 });
  const story = JSON.stringify(exportStory(built.doc));
  const lastTurn = built.turnIds.at(-1) as string;
  built.doc.destroy();

  await page.goto(new URL('/#/', page.url()).href);
  progress(`app: importing it through "Import a file" (${Math.round(story.length / 2 ** 20)} MB)`);
  const importStart = now();
  await page.getByLabel('Import a file').setInputFiles({
    name: `story-${turns}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(story),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click({ timeout: TIMEOUT_MS });
  await page.waitForURL(/#\/stories\//, { timeout: TIMEOUT_MS });
  const imported = await lastRowShown(page, lastTurn);
  const importMs = now() - importStart;

  const times: number[] = [];
  for (let run = 0; run < runs && imported !== null; run++) {
    await page.reload({ waitUntil: 'commit' });
    const ms = await lastRowShown(page, lastTurn);
    if (ms === null) break;
    times.push(ms);
    progress(`app: first render of ${turns} turns ${run + 1}/${runs}: ${ms.toFixed(0)} ms`);
  }
  const result: Rendered = {
    medianMs: times.length === runs ? round(median(times)) : null,
    runsMs: times.map((t) => round(t)),
    importAndRenderMs: imported === null ? null : Math.round(importMs),
  };
  if (times.length < runs) {
    result.note = `${turns} turns: the last turn was not on screen within ${RENDER_TIMEOUT_MS / 1000} s (the page showed ${await shownTurns(page, built.turnIds)})`;
    progress(`app: ${result.note}`);
  }
  return result;
}

await runGroup('app', async () => {
  if (!skipBuild) build();
  const js = firstLoadJs(DIST);
  const jsDetail = {
    firstLoadJs: js.files.map((f) => ({ file: f.file, gzipKB: round(f.gzipBytes / 1024) })),
    lazyJs: js.lazy.map((f) => ({ file: f.file, gzipKB: round(f.gzipBytes / 1024) })),
  };
  if (!existsSync(CHROMIUM_PATH)) {
    progress(`app: ${CHROMIUM_MISSING}`);
    return {
      firstLoadJsGzipKB: js.gzipKB,
      firstRender1000Ms: null,
      firstRender10000Ms: null,
      detail: { note: CHROMIUM_MISSING, ...jsDetail },
    };
  }

  const dataDir = mkdtempSync(join(TMP, 'bench-app-data-'));
  const profile = mkdtempSync(join(TMP, 'bench-profile-'));
  const server = await startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot: DIST }, () => {});
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    context.setDefaultTimeout(TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const fetchedJs = new Set<string>();
    /** Fetched by the service worker: its own script and runtime, then its precache once installed. */
    const precachedJs = new Set<string>();
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.endsWith('.js')) return;
      (request.serviceWorker() ? precachedJs : fetchedJs).add(url.pathname.replace(/^\//, ''));
    });
    await page.goto(server.url);
    await page.getByText('No stories yet.').waitFor();
    const firstLoadFetched = [...fetchedJs].sort();
    // The cross-check: what the figure counts and the page and its worker did not fetch, and the other
    // way round; the precache's fetches so far are told apart.
    const counted = new Set(js.files.map((f) => f.file));
    const fetchCheck = {
      fetchedByLibraryShown: firstLoadFetched,
      countedNotFetched: [...counted].filter((f) => !fetchedJs.has(f) && !precachedJs.has(f)).sort(),
      fetchedNotCounted: firstLoadFetched.filter((f) => !counted.has(f)),
      precachedByLibraryShown: [...precachedJs].sort(),
    };

    const rendered: Record<number, Rendered> = {};
    for (const { turns, runs } of firstLoadOnly ? [] : SIZES)
      rendered[turns] = await firstRender(page, turns, runs);
    if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
    const notes = Object.values(rendered).flatMap((r) => (r.note ? [r.note] : []));
    return {
      firstLoadJsGzipKB: js.gzipKB,
      firstRender1000Ms: rendered[1000]?.medianMs ?? null,
      firstRender10000Ms: rendered[10_000]?.medianMs ?? null,
      detail: {
        ...(notes.length ? { note: notes.join('; ') } : {}),
        ...jsDetail,
        ...fetchCheck,
        renders: Object.fromEntries(
          Object.entries(rendered).map(([turns, r]) => [
            turns,
            { runsMs: r.runsMs, importAndRenderMs: r.importAndRenderMs },
          ]),
        ),
      },
    };
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
