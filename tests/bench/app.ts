// app: the built app (vite build into .tmp/bench-dist, so dist/ is left alone), served by the sync
// server on 127.0.0.1, in Debian's Chromium (playwright-core, a fresh profile). Stories are segmented
// (a root and one database per 500 depths, docs/design/segmented-story.md): the group checks that each
// story it opens has its `rashomon-story-<id>~<n>` databases (`detail.renders.<turns>.segments`).
//   firstLoadJsGzipKB    first-load JavaScript, gzip: what a first load fetches and runs, the chunks
//                        imported on first use listed apart (first-load-js.ts)
//   firstRender1000Ms    a 1,000-turn story imported once through "Import a file"; one reload opens it
//                        untimed (`firstOpenMs`: the first open after an import also writes the
//                        boundary checkpoints); then, per run, the page is reloaded on the story's URL
//                        (a new worker opens the story from IndexedDB) and the time is taken from
//                        navigation start until the transcript's last row is in the viewport
//                        (app-render.ts): the device's last screen of the story (src/app/story/
//                        last-screen.ts, kept by the open before) shows it before the worker answers.
//                        "Installed, warm": the first visit waits for the service worker to be
//                        active, and every timed run checks it controls the page.
//   workerRender1000Ms   the same reloads, until the last row is on screen from the worker's answer
//                        (no `[data-last-screen]` around it): the story opened in the worker
//   heap1000MB           after the timed runs and once the page is idle, a full GC in the page and in
//                        the driver worker, then the JS heap used of each (app-heap.ts: page + worker,
//                        split in `detail.heap`)
// Also firstRender10000Ms, workerRender10000Ms and heap10000MB, the same for 10,000 turns: the issue's "last 50 turns of a
// 10,000-turn story on screen in ≤ 300 ms" and "≤ 60 MB", measured in the browser; and at 10,000 turns
// readyToSend10000Ms (app-send.ts): reload → a turn sent as soon as Send is enabled is in the transcript.
// `--huge`: also firstRender100000Ms, workerRender100000Ms and heap100000MB, a 100,000-turn story stored as the worker stores
// an import, made in Node and written into the page's IndexedDB (app-seed.ts, app-story-dump.ts), with
// its boundary checkpoints as the worker writes them after a first open (that first open, without
// them, reads all 200 segments: more than ten minutes here). Until 2026-12-06 that first open often
// never showed the last row in 600 s: the seeded story had the 1,000-turn import's id (the same seed),
// its records were added to that story's databases, and the merge's boundary checkpoints were the
// 1,000-turn story's, so every band was loaded. It has a seed of its own now (SEEDED_SEED), and seeding
// into a story the page has is refused (app-seed.ts).
// `--first-load-only` stops once the library shows (no story is imported): the figure and what Chromium
// fetched until then, to check one against the other.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { startSyncServer } from '../../sync-server/server.ts';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { heapAfterOpen, type Heap } from './app-heap.ts';
import {
  lastRowShown,
  segmentDatabases,
  serviceWorkerInstalled,
  settle,
  timedReloads,
  watchRows,
  type Reloads,
} from './app-render.ts';
import { seedStory } from './app-seed.ts';
import { connectBackend, readyToSend, sendOnLoad, startSilentServer, type ReadyToSend } from './app-send.ts';
import { firstLoadJs } from './first-load-js.ts';
import { runGroup } from './group.ts';
import { buildStory } from './story-gen.ts';
import { now, progress, round } from './stats.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TMP = join(ROOT, '.tmp');
const DIST = join(TMP, 'bench-dist');
const huge = process.argv.includes('--huge');
/** Story sizes, how many reloads each is timed over, and how each is put on the device. */
const SIZES: Array<{ turns: number; runs: number; via: 'import' | 'seed' }> = [
  { turns: 1000, runs: 5, via: 'import' },
  { turns: 10_000, runs: 5, via: 'import' },
  ...(huge ? [{ turns: 100_000, runs: 3, via: 'seed' as const }] : []),
];
const SEND_RUNS = 3;
const TIMEOUT_MS = 120_000;
/** The first open of a story without boundary checkpoints reads every segment, one after the other. */
const FIRST_OPEN_TIMEOUT_MS = 600_000;
/** How long the page and worker are left before the heap is taken (the idle unload is later). */
const SETTLE_MS = 2000;
const SEED = 12;
/** The seeded story's own: the same seed makes the same story id, and the 1,000-turn import has SEED's. */
const SEEDED_SEED = 13;
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

interface Placed {
  storyId: string;
  lastTurn: string;
  turnIds: string[] | null;
  /** Import through the UI until its last row showed, or the seeding into IndexedDB. */
  placeMs: number;
}

/** A story of `turns` turns imported through the library's file input; the page is left on it. */
async function imported(page: Page, turns: number): Promise<Placed> {
  progress(`app: generating a ${turns}-turn Story JSON`);
  const built = await buildStory({ turns, seed: SEED });
  const story = JSON.stringify(exportStory(built.doc));
  built.doc.destroy();
  const lastTurn = built.turnIds.at(-1) as string;
  await page.goto(new URL('/#/', page.url()).href);
  progress(`app: importing it through "Import a file" (${Math.round(story.length / 2 ** 20)} MB)`);
  const start = now();
  await page.getByLabel('Import a file').setInputFiles({
    name: `story-${turns}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(story),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click({ timeout: TIMEOUT_MS });
  await page.waitForURL(/#\/stories\//, { timeout: TIMEOUT_MS });
  if ((await lastRowShown(page, lastTurn, TIMEOUT_MS)) === null)
    throw new Error(`the imported ${turns}-turn story never showed its last turn`);
  const storyId = decodeURIComponent(
    new URL(page.url()).hash.replace(/^#\/stories\//, '').split('/')[0] ?? '',
  );
  return { storyId, lastTurn, turnIds: built.turnIds, placeMs: Math.round(now() - start) };
}

/** A story of `turns` turns written into the page's IndexedDB; the page is left on its URL. */
async function seeded(page: Page, turns: number): Promise<Placed> {
  // Written from a page of the origin that runs no app, so no worker holds the library open (and
  // answers the story's URL from its copy of it) while its records are written.
  await page.goto(new URL('/manifest.webmanifest', page.url()).href);
  const start = now();
  const story = await seedStory(page, turns, SEEDED_SEED, mkdtempSync(join(TMP, 'bench-app-story-')), true);
  progress(`app: ${Math.round(story.bytes / 2 ** 20)} MB of records written`);
  await page.goto(new URL(`/#/stories/${story.storyId}`, page.url()).href);
  return {
    storyId: story.storyId,
    lastTurn: story.lastTurnId,
    turnIds: null,
    placeMs: Math.round(now() - start),
  };
}

interface SizeResult {
  reloads: Reloads;
  firstOpenMs: number | null;
  placeMs: number;
  segments: number;
  heap: Heap | null;
  send?: ReadyToSend;
}

async function measureSize(
  context: BrowserContext,
  page: Page,
  size: (typeof SIZES)[number],
): Promise<SizeResult> {
  const placed = size.via === 'import' ? await imported(page, size.turns) : await seeded(page, size.turns);
  const segments = (await segmentDatabases(page, placed.storyId)).length;
  if (!segments)
    throw new Error(`the ${size.turns}-turn story has no segment databases: it is not segmented`);
  progress(`app: ${size.turns} turns in ${segments} segment databases; the first open after it is stored`);
  await page.reload({ waitUntil: 'commit' });
  const firstOpen = (await lastRowShown(page, placed.lastTurn, FIRST_OPEN_TIMEOUT_MS))?.workerMs ?? null;
  if (firstOpen !== null) await settle(page, SETTLE_MS);
  const reloads =
    firstOpen === null
      ? {
          medianMs: null,
          workerMedianMs: null,
          playwrightMedianMs: null,
          runsMs: [],
          workerRunsMs: [],
          playwrightRunsMs: [],
          busyAfterRuns: 0,
          missed: `${size.turns} turns: the first open never showed the last turn`,
        }
      : await timedReloads(page, `${size.turns} turns`, placed.lastTurn, placed.turnIds, size.runs);
  let heap: Heap | null = null;
  if (reloads.medianMs !== null) {
    await settle(page, SETTLE_MS);
    heap = await heapAfterOpen(context, page);
    progress(
      `app: heap after opening ${size.turns} turns: page ${heap.pageMB} MB + worker ${heap.workerMB} MB`,
    );
  }
  // Last: each send adds a turn, so the last row is no longer the story's last turn.
  const send = size.turns === 10_000 && heap ? await readyToSend(page, SEND_RUNS) : undefined;
  return {
    reloads,
    firstOpenMs: firstOpen === null ? null : round(firstOpen),
    placeMs: placed.placeMs,
    segments,
    heap,
    ...(send ? { send } : {}),
  };
}

await runGroup('app', async () => {
  if (!skipBuild) build();
  const js = firstLoadJs(DIST);
  const jsDetail = {
    firstLoadJs: js.files.map((f) => ({ file: f.file, gzipKB: round(f.gzipBytes / 1024) })),
    lazyJs: js.lazy.map((f) => ({ file: f.file, gzipKB: round(f.gzipBytes / 1024) })),
  };
  const empty = {
    firstRender1000Ms: null,
    firstRender10000Ms: null,
    workerRender1000Ms: null,
    workerRender10000Ms: null,
    heap1000MB: null,
    heap10000MB: null,
    readyToSend10000Ms: null,
    ...(huge ? { firstRender100000Ms: null, workerRender100000Ms: null, heap100000MB: null } : {}),
  };
  if (!existsSync(CHROMIUM_PATH)) {
    progress(`app: ${CHROMIUM_MISSING}`);
    return { firstLoadJsGzipKB: js.gzipKB, ...empty, detail: { note: CHROMIUM_MISSING, ...jsDetail } };
  }

  const dataDir = mkdtempSync(join(TMP, 'bench-app-data-'));
  const profile = mkdtempSync(join(TMP, 'bench-profile-'));
  const server = await startSyncServer({ host: '127.0.0.1', port: 0, dataDir, staticRoot: DIST }, () => {});
  const model = await startSilentServer();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    context.setDefaultTimeout(TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    await watchRows(page);
    await sendOnLoad(page);
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
    if (firstLoadOnly)
      return { firstLoadJsGzipKB: js.gzipKB, ...empty, detail: { ...jsDetail, ...fetchCheck } };

    // Installed: the app is precached before any timed run, so each reload is served by the worker.
    await serviceWorkerInstalled(page);
    await connectBackend(page, model.baseURL);
    const measured: Record<number, SizeResult> = {};
    for (const size of SIZES) measured[size.turns] = await measureSize(context, page, size);
    if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
    const notes = Object.values(measured).flatMap((r) => [r.reloads.missed, r.send?.note].filter(Boolean));
    const at = (turns: number) => measured[turns];
    return {
      firstLoadJsGzipKB: js.gzipKB,
      firstRender1000Ms: at(1000)?.reloads.medianMs ?? null,
      firstRender10000Ms: at(10_000)?.reloads.medianMs ?? null,
      workerRender1000Ms: at(1000)?.reloads.workerMedianMs ?? null,
      workerRender10000Ms: at(10_000)?.reloads.workerMedianMs ?? null,
      playwrightRender1000Ms: at(1000)?.reloads.playwrightMedianMs ?? null,
      playwrightRender10000Ms: at(10_000)?.reloads.playwrightMedianMs ?? null,
      heap1000MB: at(1000)?.heap?.totalMB ?? null,
      heap10000MB: at(10_000)?.heap?.totalMB ?? null,
      readyToSend10000Ms: at(10_000)?.send?.medianMs ?? null,
      readyToSendPlaywright10000Ms: at(10_000)?.send?.playwright.medianMs ?? null,
      ...(huge
        ? {
            firstRender100000Ms: at(100_000)?.reloads.medianMs ?? null,
            workerRender100000Ms: at(100_000)?.reloads.workerMedianMs ?? null,
            playwrightRender100000Ms: at(100_000)?.reloads.playwrightMedianMs ?? null,
            heap100000MB: at(100_000)?.heap?.totalMB ?? null,
          }
        : {}),
      detail: {
        ...(notes.length ? { note: notes.join('; ') } : {}),
        serviceWorkerControlledTimedRuns: true,
        ...jsDetail,
        ...fetchCheck,
        renders: Object.fromEntries(
          Object.entries(measured).map(([turns, r]) => [
            turns,
            {
              runsMs: r.reloads.runsMs,
              workerRunsMs: r.reloads.workerRunsMs,
              playwrightRunsMs: r.reloads.playwrightRunsMs,
              ...(r.reloads.busyAfterRuns ? { busyAfterRuns: r.reloads.busyAfterRuns } : {}),
              firstOpenMs: r.firstOpenMs,
              [Number(turns) === 100_000 ? 'seedMs' : 'importAndRenderMs']: r.placeMs,
              segments: r.segments,
            },
          ]),
        ),
        heap: Object.fromEntries(Object.entries(measured).map(([turns, r]) => [turns, r.heap])),
        ...(at(10_000)?.send
          ? {
              readyToSend10000: {
                runsMs: at(10_000)?.send?.runsMs,
                sendEnabledMs: at(10_000)?.send?.sendEnabledMs,
                playwright: at(10_000)?.send?.playwright,
              },
            }
          : {}),
      },
    };
  } finally {
    await context.close();
    await model.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
