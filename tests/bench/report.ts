// The benchmark report: the group results assembled into the JSON shape (plus details and the
// targets), rendered as a plain-text table for the terminal and as tests/bench/RESULTS.md (the sections'
// tables are in report-sections.ts).
import { fmt, sections } from './report-sections.ts';
import { proseSection } from './report-prose.ts';

export type GroupOutcome =
  | { name: string; ok: true; result: unknown; seconds: number }
  | { name: string; ok: false; error: string; seconds: number };

export interface RunInfo {
  command: string;
  date: string;
  seconds: number;
  loadAverageAtEnd: number[];
}

type Num = number | null;
type Obj = Record<string, unknown>;

const DOC_FIELDS = [
  'bytesPerTurn',
  'loadLast50Ms',
  'heapMB',
  'appendMs',
  'staleAfterEditMs',
  'stalenessMs',
  'readyToSendMs',
] as const;
const REQUEST_FIELDS = ['requestsPerTurn', 'minimumPerTurn', 'promptCharsPerTurn', 'prefixReuse'] as const;
const SYNC_FIELDS = ['receiveMs', 'wireBytes', 'docBytes'] as const;
const SEGMENT_SYNC_FIELDS = ['playableMs', 'everythingMs'] as const;
const APP_FIELDS = [
  'firstLoadJsGzipKB',
  'firstRender1000Ms',
  'firstRender10000Ms',
  'firstRender100000Ms',
  'workerRender1000Ms',
  'workerRender10000Ms',
  'workerRender100000Ms',
  'playwrightRender1000Ms',
  'playwrightRender10000Ms',
  'playwrightRender100000Ms',
  'heap1000MB',
  'heap10000MB',
  'heap100000MB',
  'readyToSend10000Ms',
  'readyToSendPlaywright10000Ms',
] as const;
const LONG_FIELDS = [
  'largestRequestOverContext',
  'overBudget',
  'requestsWithoutMaxTokens',
  'prefixReuseMedian',
  'chroniclerCallsPer100Turns',
  'requestsPerTurn',
  'promptTokensPerTurn',
  'playSeconds',
] as const;
/** Figures that are objects (by participant): null when their group failed. */
const LONG_OBJECTS = ['memoryRecordsPerParticipant'] as const;
const PRICE_FIELDS = ['fourSlotRatio'] as const;
/** Its figures by server (oneSlot, everyPrefix) and by cache (uncached prompt tokens per turn). */
const PRICE_OBJECTS = ['oneSlot', 'everyPrefix', 'uncachedPerTurn', 'sharedUncachedPerTurn'] as const;

/** Every required field, null when its group failed (with the reason), so the shape never changes. */
function shaped(
  fields: readonly string[],
  from: unknown,
  error?: string,
  objects: readonly string[] = [],
): Obj {
  const source = (from ?? {}) as Obj;
  const out: Obj = {};
  for (const f of fields) out[f] = typeof source[f] === 'number' ? source[f] : null;
  for (const f of objects) out[f] = typeof source[f] === 'object' ? source[f] : null;
  for (const [k, v] of Object.entries(source)) if (!(k in out)) out[k] = v;
  if (error) out.error = error;
  return out;
}

export function assemble(machine: Obj, outcomes: GroupOutcome[], run: RunInfo) {
  const of = (name: string) => outcomes.find((o) => o.name === name);
  const result = (name: string) => {
    const o = of(name);
    return o?.ok ? (o.result as Obj) : undefined;
  };
  const error = (name: string) => {
    const o = of(name);
    return !o ? 'not run' : o.ok ? undefined : o.error;
  };
  const requests = result('requests');
  const long = result('longSession');
  const app = result('app');
  /** One scene at one context of the price group (price.ts), by its key there. */
  const priced = (key: string) => shaped(PRICE_FIELDS, result('price')?.[key], error('price'), PRICE_OBJECTS);
  const report = {
    machine,
    docScale: {
      turns1000: shaped(DOC_FIELDS, result('docScale1000'), error('docScale1000')),
      turns10000: shaped(DOC_FIELDS, result('docScale10000'), error('docScale10000')),
      turns100000: shaped(DOC_FIELDS, result('docScale100000'), error('docScale100000')),
    },
    /** The same figures with each story in one document, as before segments (1,000 and 10,000 turns). */
    docScaleOneDoc: {
      turns1000: shaped(DOC_FIELDS, result('docScaleOneDoc1000'), error('docScaleOneDoc1000')),
      turns10000: shaped(DOC_FIELDS, result('docScaleOneDoc10000'), error('docScaleOneDoc10000')),
    },
    requests: {
      isolated: shaped(REQUEST_FIELDS, requests?.isolated, error('requests')),
      batched: shaped(REQUEST_FIELDS, requests?.batched, error('requests')),
    },
    longSession: {
      context2048: shaped(LONG_FIELDS, long?.context2048, error('longSession'), LONG_OBJECTS),
      context8192: shaped(LONG_FIELDS, long?.context8192, error('longSession'), LONG_OBJECTS),
    },
    price: {
      four8192: priced('four8192'),
      four2048: priced('four2048'),
      chinese8192: priced('chinese8192'),
      two8192: priced('two8192'),
      six8192: priced('six8192'),
    },
    sync: {
      turns1000: shaped(SYNC_FIELDS, (result('sync') as Obj | undefined)?.turns1000, error('sync')),
      segmented10000: shaped(
        SEGMENT_SYNC_FIELDS,
        (result('sync') as Obj | undefined)?.segmented10000,
        error('sync'),
      ),
    },
    app: shaped(APP_FIELDS, app, error('app')),
    /** Rendering a turn's Markdown (prose.ts): characters and milliseconds by text. */
    prose: shaped([], result('prose'), error('prose')),
    targets: [] as Target[],
    run: {
      ...run,
      groups: Object.fromEntries(
        outcomes.map((o) => [
          o.name,
          { seconds: Math.round(o.seconds), ok: o.ok, ...(o.ok ? {} : { error: o.error }) },
        ]),
      ),
    },
  };
  report.targets = targets(report);
  return report;
}
export type Report = ReturnType<typeof assemble>;

export interface Target {
  figure: string;
  target: string;
  value: Num;
  met: boolean | null;
}

const num = (v: unknown): Num => (typeof v === 'number' ? v : null);

function targets(r: Omit<Report, 'targets'> & { targets: Target[] }): Target[] {
  const at = (figure: string, target: string, value: Num, ok: (v: number) => boolean): Target => ({
    figure,
    target,
    value,
    met: value === null ? null : ok(value),
  });
  const d = r.docScale.turns10000;
  const huge = r.docScale.turns100000;
  const joined = r.sync.segmented10000;
  const list = [
    at('docScale.turns10000.loadLast50Ms', '≤ 300 ms', num(d.loadLast50Ms), (v) => v <= 300),
    at('docScale.turns10000.appendMs', '≤ 10 ms', num(d.appendMs), (v) => v <= 10),
    at('docScale.turns10000.staleAfterEditMs', '≤ 20 ms', num(d.staleAfterEditMs), (v) => v <= 20),
    at('docScale.turns10000.readyToSendMs', '≤ 1,000 ms', num(d.readyToSendMs), (v) => v <= 1000),
    // The 60 MB is page + worker in the app; this is the worker's store alone.
    at('docScale.turns10000.heapMB', '≤ 60 MB (worker)', num(d.heapMB), (v) => v <= 60),
    at('docScale.turns100000.loadLast50Ms', '≤ 300 ms', num(huge.loadLast50Ms), (v) => v <= 300),
    at('docScale.turns100000.appendMs', '≤ 10 ms', num(huge.appendMs), (v) => v <= 10),
    at('docScale.turns100000.heapMB', '≤ 80 MB', num(huge.heapMB), (v) => v <= 80),
    at('sync.segmented10000.playableMs', '≤ 2,000 ms', num(joined.playableMs), (v) => v <= 2000),
  ];
  for (const mode of ['isolated', 'batched'] as const) {
    const q = r.requests[mode];
    const minimum = num(q.minimumPerTurn);
    list.push(
      at(
        `requests.${mode}.requestsPerTurn`,
        `= minimum (${minimum ?? '?'})`,
        num(q.requestsPerTurn),
        (v) => v === minimum,
      ),
    );
  }
  for (const mode of ['isolated', 'batched'] as const)
    list.push(
      at(`requests.${mode}.prefixReuse`, '≥ 0.9', num(r.requests[mode].prefixReuse), (v) => v >= 0.9),
    );
  for (const ctx of ['context2048', 'context8192'] as const) {
    const value = num(r.longSession[ctx].largestRequestOverContext);
    list.push(at(`longSession.${ctx}.largestRequestOverContext`, '≤ 1', value, (v) => v <= 1));
  }
  const reuse = num(r.longSession.context2048.prefixReuseMedian);
  list.push(
    at('longSession.context2048.prefixReuseMedian', '≥ 0.85', reuse, (v) => v >= 0.85),
    at('app.firstRender10000Ms', '≤ 300 ms', num(r.app.firstRender10000Ms), (v) => v <= 300),
    at('app.heap10000MB', '≤ 60 MB', num(r.app.heap10000MB), (v) => v <= 60),
    at('app.readyToSend10000Ms', '≤ 1,000 ms', num(r.app.readyToSend10000Ms), (v) => v <= 1000),
    at('app.firstRender100000Ms', '≤ 300 ms', num(r.app.firstRender100000Ms), (v) => v <= 300),
    at('app.heap100000MB', '≤ 80 MB', num(r.app.heap100000MB), (v) => v <= 80),
    at('app.firstLoadJsGzipKB', '≤ 250 kB', num(r.app.firstLoadJsGzipKB), (v) => v <= 250),
  );
  return list;
}

function errorsOf(r: Report): string[] {
  return Object.entries(r.run.groups)
    .filter(([, g]) => !g.ok)
    .map(([name, g]) => `${name} failed: ${(g as { error?: string }).error}`);
}

function machineLine(r: Report): string {
  const m = r.machine as Obj;
  return `${m.cores} cores (${m.cpu}), ${m.memoryGB} GB, Node ${m.node}, ${m.platform}; load average ${(m.loadAverageAtStart as number[]).join(' ')} at start, ${r.run.loadAverageAtEnd.join(' ')} at the end`;
}

export function renderTable(r: Report): string {
  const lines = [`Rashomon benchmarks, ${r.run.date}`, machineLine(r), ''];
  for (const s of [...sections(r), proseSection(r)]) {
    lines.push(s.title);
    const all = [s.head, ...s.rows];
    const widths = s.head.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
    for (const row of all)
      lines.push(
        '  ' +
          row
            .map((cell, i) =>
              i === 0 || i === row.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
            )
            .join('   ')
            .trimEnd(),
      );
    if (s.note) lines.push(`  note: ${s.note}`);
    lines.push('');
  }
  for (const e of errorsOf(r)) lines.push(`! ${e}`);
  lines.push(
    `${r.run.seconds} s in all. \`npm run bench -- --json\` prints every figure with its details.`,
    '',
  );
  return lines.join('\n');
}

export function renderMarkdown(r: Report): string {
  const out = [
    '# Benchmark results',
    '',
    `Produced by \`${r.run.command}\` on ${r.run.date} (${r.run.seconds} s).`,
    '',
    `Machine: ${machineLine(r)}. Timings are medians of several runs (see \`detail\` in the JSON);`,
    'other processes may have been running, so compare runs on the same machine only.',
    '',
  ];
  for (const s of [...sections(r), proseSection(r)]) {
    out.push(
      `## ${s.title}`,
      '',
      `| ${s.head.join(' | ')} |`,
      `|${s.head.map((_, i) => (i === 0 || i === s.head.length - 1 ? '---' : '---:')).join('|')}|`,
    );
    for (const row of s.rows) out.push(`| ${row.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
    if (s.note) out.push('', `Note: ${s.note}`);
    out.push('');
  }
  out.push('## Targets', '', '| figure | target | value | |', '|---|---|---:|---|');
  for (const t of r.targets)
    out.push(
      `| \`${t.figure}\` | ${t.target} | ${fmt(t.value)} | ${t.met === null ? 'no figure' : t.met ? 'met' : '**missed**'} |`,
    );
  out.push('');
  const errors = errorsOf(r);
  if (errors.length) out.push('## Failures', '', ...errors.map((e) => `- ${e}`), '');
  out.push(
    '## How each figure is taken',
    '',
    '`npm run -s bench -- --json` prints the JSON alone (without `-s`, npm adds its banner to stdout).',
    'Each group runs in its own Node process (`node --expose-gc --import tsx tests/bench/<group>.ts`);',
    'the definitions are at the top of each file:',
    '',
    '- `doc-scale.ts` (with `doc-layouts.ts`, `segmented-story-gen.ts`): the bench story (`story-gen.ts`) is',
    '  written through the document API (one transaction per 250 turns) into y-indexeddb on fake-indexeddb as the',
    "  worker stores it. Segmented (the first table, what the app does): through the store's `adopt`, a root",
    '  and one database per segment of 500 depths, each band stored and unloaded once the one above has begun',
    "  (memory-bounded at 100,000 turns), its boundary checkpoint written as the host's upkeep writes it",
    '  (`writeBoundaryCheckpoints`). Opened as the worker opens it: `createStoryStore({segmented: true}).open`',
    "  (the root, the leaf's segment and the one below, from their databases), the views (`wants()` must ask",
    '  for nothing: the checkpoint below is valid), `overview` and `transcriptSlice` of the last 50 turns. One',
    '  document (the second table, the comparison): the whole story in one database, opened by `persisted()`,',
    '  `migrateStory`, `createStoryViews` and the same two reads. `detail.loadSplitMs` splits the open into the',
    "  store's load, the views' path and the slice.",
    "  Heap is the growth after a full GC with the story open: the worker's store only (the issue's 60 MB at",
    '  10,000 turns is page + worker; the app group measures the page). Append = one turn and its 3 projections',
    "  written as the driver writes them, then `staleItems()` and the 4 participants' transcripts.",
    '  Staleness after an edit near the end = one edit 20 turns before the active leaf (a source edited, a view',
    '  edited by hand, or a new alternative beside that turn: 5 of each, `edit-near-end.ts`), then',
    '  `staleHistory()` (every stale item and chronicle, as each command and transcript slice asks) on views',
    '  that lived through the edit; each edit is kept (re-stamped, not timed) before the next. The edits are',
    '  made on a copy no store keeps, so the host below finds the story as the appends left it.',
    '  Full staleness pass = `staleItems()` on a new views object over the opened story. Segmented, that is what',
    "  opening pays, and the same at every length: the leaf's two segments (up to 1,000 turns) from the",
    '  boundary checkpoint below them; in one document, every turn from the root.',
    '  Ready to send = a worker host (`DriverApi` over comlink, `tests/support/host-harness.ts`) with a store of',
    '  the same layout on the same IndexedDB, not holding the story open (as after a reload), asked to `send` a',
    "  turn: from the call until the turn's `story-changed` event (`ready-to-send.ts`): it has opened the story,",
    '  derived its views and found the history fresh. The model server never answers; the generation is',
    '  cancelled, untimed. After the 25 appends the leaf is in a new, short band: the host loads it and the full',
    '  one below.',
    '  100,000 turns (`docScale100000`, segmented only) run with `npm run bench -- --huge`: generated at bench',
    '  time, never committed, with fewer runs (`detail.runs`). Open → last 50 turns is the nearest figure here',
    '  to the issue\'s "last row visible"; the app group measures that in Chromium.',
    '- `requests.ts`: `rashomon run` (in process) plays 10 rounds of user turn, automatic choice, named',
    '  character against `tests/support/openai-server.ts`; prefix reuse as in',
    '  `../shared/tools/scene-check/check-scene.mjs` (selector requests reported apart).',
    '- `long-session.ts`: the same scene, 100 rounds (300 turns), played at 2,048 and 8,192 tokens that the',
    "  server tells as vLLM does (`max_model_len` in GET /v1/models); the server counts each request's prompt",
    "  with cl100k_base (gpt-tokenizer) over the messages' contents, plus 4 per message and 3 per request, and",
    '  reports it as `usage.prompt_tokens`; the same count measures each request against the context',
    '  (prompt + `max_tokens`), as `../shared/tools/scene-check/check-long.mjs` does. Prefix reuse as above',
    '  (`prefix-reuse.ts`), chronicle requests keyed by their participant and counted in the median (check-long',
    "  leaves them out: `detail.prefixReuseActorAndProjection`). The chronicler's answers quote 30–40 characters",
    "  of a line of the transcript they were sent; memories are counted in each participant's Story JSON",
    '  `chronicle` (entries, plus memoryEdits that add one).',
    '- `price.ts` (with `price-server.ts`, `price-sim.ts`): what separate points of view cost a person, with the',
    '  definitions of `../shared/tools/scene-check/run-price.sh` and `price-sim.mjs`. The scenes of',
    '  `tests/fixtures/price` (four participants: 50 rounds of a user turn and an automatic or named act, a',
    '  late joiner, in English and, 30 rounds, in Chinese; two and six participants, 25 rounds) are played by',
    "  `rashomon run` (in process) against a scripted server that tells llama.cpp's /props (the context, 1 or 4",
    '  `total_slots`), puts `REQ-n` in every answer, pads prose to 150 words (a projection to the length of',
    "  the turn it rewrites) and builds structured answers from their schema. Each play's requests, in the",
    '  order they arrived, are rendered as ChatML, tokenized with o200k_base and replayed at 1,500 prefill and',
    '  40 decode tokens a second on one slot (the previous prompt and answer kept), four slots (the',
    "  request's `id_slot`, else the slot with the most similar prompt if at least 0.1 alike, else a new slot",
    '  while fewer than four, else the least recently used) and a cache of every earlier prefix. Send → first',
    "  / last word = from the person's turn's `createdAt`, every request received up to the one that wrote",
    "  their view of the next character turn (found by its `REQ-n`), then that one's prefill (first word) or",
    "  prefill and answer (last word); median over the person's turns (the upper middle, as price-sim.mjs).",
    '  The shared-history frontend sends one request per character turn (rules, every card and the persona,',
    '  the shared sources as `Name: source`, trimmed from the top to the context less 350 tokens), its answer',
    '  the turn; its wait is each request alone. Prompt tokens per turn are those the server computes, over',
    "  all the story's turns. One slot is the play against one slot (the driver keeps short windows there);",
    '  four slots and every prefix cached, the play against four (`detail.fourSlotPlayUncachedPerTurn` is',
    '  what run-price.sh prints: every server from that play).',
    '- `sync.ts`: the sync server in process, LevelDB in a temporary folder, y-websocket clients over `ws`.',
    '  The 1,000-turn story is one document in one room, received by a bare client. The 10,000-turn segmented',
    '  story (`segment-join.ts`) is uploaded by a device with every segment loaded (21 rooms); a new device',
    "  (its own store and sync client, the story's room token) opens it empty and syncs as the worker does.",
    "  Playable = until the root and the leaf's two segments are in its documents and stored in its IndexedDB,",
    '  and its views want nothing more (the checkpoint came with the root); everything = until the background',
    '  fetch has stored the other 18 segments.',
    '- `app.ts` and `first-load-js.ts`: `vite build` into `.tmp/bench-dist`, served by the sync server,',
    "  Debian's Chromium through playwright-core. First-load JS is what a first load fetches and runs before",
    '  the library shows: the entry and its modulepreloads, the driver worker, the static imports of both,',
    '  workbox-window, the service worker and its runtime. Chunks only imported on first use (screens, the',
    "  worker's import, eval and assistant commands, the openai SDK, the zh dictionary, WebLLM, tokenizers)",
    '  are listed in `detail.lazyJs`, not counted. Checked against Chromium: `detail.fetchedByLibraryShown`',
    '  (what the page and worker fetched until the library showed) against the counted files',
    '  (`countedNotFetched`, `fetchedNotCounted`); the precache, which may start meanwhile in the background,',
    '  is `precachedByLibraryShown`. `npx tsx tests/bench/app.ts --first-load-only` takes this part alone.',
    '  The stories are segmented (a root and a database per 500 depths; the group fails if a story it opens',
    '  has no `rashomon-story-<id>~<n>` databases: `detail.renders.<turns>.segments`). 1,000 and 10,000',
    '  turns are imported through "Import a file"; one reload opens each untimed (`firstOpenMs`: the first',
    '  open after an import reads every segment and writes the boundary checkpoints). "Installed, warm": the',
    '  first visit waits for the service worker to be active, and each timed run checks it controls the',
    "  page. First render = a reload on the story's URL, from navigation start until the transcript's last",
    '  row is in the viewport (`app-render.ts`), checked every animation frame by a watch that starts with',
    "  the document, before the app's scripts (`watchRows`): this device's last screen",
    '  of the story (`src/app/story/last-screen.ts`, kept by the open before) shows it before the worker has',
    "  answered. The worker's rows = the same reloads, until the last row is on screen from the worker's",
    '  answer (no `[data-last-screen]` around it: the story opened in the worker). As Playwright saw it = the',
    "  same reloads, until Playwright's own frame check (`waitForFunction`, polling every frame) saw the row:",
    '  the first render figure until RESULTS.md of commit e0cbcf1. It starts only once the reloaded page has',
    '  run its first scripts, and its answer crosses to Node, so it comes 30–100 ms after the page showed the',
    '  row (traces of 10,000-turn reloads). Heap = once the page is',
    '  idle after the timed runs, a full GC (`HeapProfiler.collectGarbage`) in the page and in the driver',
    '  worker, then `Runtime.getHeapUsage` used size of each, over the DevTools protocol (`app-heap.ts`:',
    '  page and worker split in `detail.heap`). Ready to send (10,000 turns, `app-send.ts`) = a reload,',
    '  then in the frame Send is enabled a sender in the page puts a turn into "Your turn" (an input event)',
    '  and clicks Send: from navigation start until its row is in the transcript',
    '  (`detail.readyToSend10000.sendEnabledMs`: until Send was enabled). Typed and sent through',
    "  Playwright = the same with Playwright's fill and click (`detail.readyToSend10000.playwright`), the",
    '  figure until RESULTS.md of commit e0cbcf1: they wait for the elements to be stable over animation',
    '  frames and cross to Node and back: the click came 230–300 ms after Send was enabled on 10,000-turn reloads. The backend is a',
    '  model server on 127.0.0.1 that never answers. 100,000 turns run only with `--huge`: the story is',
    "  made in Node and stored as the worker stores an import (driver `importStory`, the store's `adopt`,",
    '  y-indexeddb on fake-indexeddb, `app-story-dump.ts`) with its boundary checkpoints as the worker',
    '  writes them after a first open (`writeBoundaryCheckpoints`: without them that first open reads every',
    "  segment), and its databases are written record by record into the page's IndexedDB with the library",
    '  entry (`app-seed.ts`); then the same first open, reloads and heap.',
    '',
    '## The run as JSON',
    '',
    '```json',
    JSON.stringify(r, null, 2),
    '```',
    '',
  );
  return out.join('\n');
}
