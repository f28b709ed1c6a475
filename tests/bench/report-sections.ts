// The report's sections: one table per group, as the terminal table and RESULTS.md show them.
import type { Report } from './report.ts';

type Obj = Record<string, unknown>;

export const fmt = (v: unknown, digits?: number): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'number') return String(v);
  return v.toLocaleString(
    'en-US',
    digits === undefined
      ? { maximumFractionDigits: 3 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits },
  );
};

export interface Section {
  title: string;
  head: string[];
  rows: string[][];
  note?: string;
}

export function sections(r: Report): Section[] {
  const sizes = {
    turns1000: r.docScale.turns1000,
    turns10000: r.docScale.turns10000,
    turns100000: r.docScale.turns100000,
  };
  const d100 = sizes.turns100000;
  const iso = r.requests.isolated;
  const bat = r.requests.batched;
  const s = r.sync.turns1000;
  const syncDetail = (s.detail ?? {}) as Obj;
  const appDetail = (r.app.detail ?? {}) as Obj;
  const verdict = (figure: string) => {
    const t = r.targets.find((x) => x.figure === figure);
    return t ? `${t.target}: ${t.met === null ? 'no figure' : t.met ? 'met' : 'MISSED'}` : '';
  };
  const appNotes = [
    ...(appDetail.note ? [String(appDetail.note)] : []),
    ...(r.app.firstRender100000Ms === null && !appDetail.note
      ? ['100,000 turns not run: `npm run bench -- --huge` runs them']
      : []),
  ];
  /** An app figure at each size (`<prefix><turns><suffix>`), its targets named as docRow names them. */
  const appRow = (
    label: string,
    prefix: string,
    suffix: string,
    extra: (turns: string) => string = () => '',
  ): string[] => {
    const app = r.app as Obj;
    const turns = ['1000', '10000', '100000'];
    const targets = turns.flatMap((n) => {
      const v = verdict(`app.${prefix}${n}${suffix}`);
      return v ? [v.replace(':', ` at ${fmt(Number(n))}:`)] : [];
    });
    const cell = (n: string) =>
      app[`${prefix}${n}${suffix}`] == null ? '—' : `${fmt(app[`${prefix}${n}${suffix}`])}${extra(n)}`;
    return [label, ...turns.map(cell), targets.join('; ')];
  };
  /** One figure at every size; the target column names each size it has a target at. */
  const docRow = (label: string, field: string): string[] => {
    const keys = Object.keys(sizes) as Array<keyof typeof sizes>;
    const targets = keys.flatMap((key) => {
      const v = verdict(`docScale.${key}.${field}`);
      return v ? [`${v.replace(':', ` at ${fmt(Number(key.slice('turns'.length)))}:`)}`] : [];
    });
    return [label, ...keys.map((key) => fmt(sizes[key][field])), targets.join('; ')];
  };
  const oneDocRow = (label: string, field: string): string[] => [
    label,
    fmt(r.docScaleOneDoc.turns1000[field]),
    fmt(r.docScaleOneDoc.turns10000[field]),
    `segmented: ${fmt(sizes.turns1000[field])} / ${fmt(sizes.turns10000[field])}`,
  ];
  const j = r.sync.segmented10000;
  const joinDetail = (j.detail ?? {}) as Obj;
  return [
    {
      title:
        'Document scale, segmented stories (root + one y-indexeddb database per 500-depth segment): 4 participants, 800-character sources, 400-character projections, fake-indexeddb',
      head: ['figure', '1,000 turns', '10,000 turns', '100,000 turns', 'target'],
      rows: [
        docRow('bytes per turn (root + segments)', 'bytesPerTurn'),
        docRow('open → last 50 turns (ms)', 'loadLast50Ms'),
        docRow("heap after load (MB), the worker's store", 'heapMB'),
        docRow('append a turn + refresh (ms)', 'appendMs'),
        docRow('staleness after an edit near the end (ms)', 'staleAfterEditMs'),
        docRow("full staleness pass (ms): the leaf's segments from their checkpoint", 'stalenessMs'),
        docRow('ready to send after opening (ms)', 'readyToSendMs'),
      ],
      ...(d100.error === 'not run'
        ? { note: '100,000 turns not run: `npm run bench -- --huge` runs them' }
        : {}),
    },
    {
      title: 'Document scale, one document (the layout before segments), for comparison',
      head: ['figure', '1,000 turns', '10,000 turns', 'segmented 1,000 / 10,000'],
      rows: [
        oneDocRow('bytes per turn', 'bytesPerTurn'),
        oneDocRow('open → last 50 turns (ms)', 'loadLast50Ms'),
        oneDocRow('heap after load (MB)', 'heapMB'),
        oneDocRow('append a turn + refresh (ms)', 'appendMs'),
        oneDocRow('staleness after an edit near the end (ms)', 'staleAfterEditMs'),
        oneDocRow('full staleness pass (ms): every turn from the root', 'stalenessMs'),
        oneDocRow('ready to send after opening (ms)', 'readyToSendMs'),
      ],
      note: '100,000 turns in one document are not run (minutes, and 1.9 GB of heap)',
    },
    {
      title:
        'Requests: a 30-turn scene, 4 participants, `rashomon run` against a local OpenAI-protocol server',
      head: ['figure', 'isolated', 'batched', 'target'],
      rows: [
        [
          'requests per turn',
          fmt(iso.requestsPerTurn, 2),
          fmt(bat.requestsPerTurn, 2),
          'the minimum: ' +
            [verdict('requests.isolated.requestsPerTurn'), verdict('requests.batched.requestsPerTurn')]
              .map((v) => v.split(': ').at(-1))
              .join(' / '),
        ],
        ['minimum per turn (SPEC L6)', fmt(iso.minimumPerTurn, 2), fmt(bat.minimumPerTurn, 2), ''],
        ['prompt characters per turn', fmt(iso.promptCharsPerTurn), fmt(bat.promptCharsPerTurn), ''],
        [
          'prefix reuse (median)',
          fmt(iso.prefixReuse, 3),
          fmt(bat.prefixReuse, 3),
          '≥ 0.9: ' +
            [verdict('requests.isolated.prefixReuse'), verdict('requests.batched.prefixReuse')]
              .map((v) => v.split(': ').at(-1))
              .join(' / '),
        ],
      ],
    },
    longSession(r, verdict),
    price(r),
    {
      title: 'Sync: a new client receiving a story from the sync server on 127.0.0.1',
      head: ['figure', 'value', 'note'],
      rows: [
        [
          '1,000 turns in one document: receive (ms)',
          fmt(s.receiveMs),
          `room in memory; loaded from disk: ${fmt(syncDetail.receiveColdMs)} ms`,
        ],
        ['1,000 turns: bytes on the wire', fmt(s.wireBytes), 'TCP bytes read by the client'],
        ['1,000 turns: encoded document (bytes)', fmt(s.docBytes), ''],
        [
          'new device, 10,000-turn segmented story: playable (ms)',
          fmt(j.playableMs),
          `root + the leaf's 2 segments stored; ${verdict('sync.segmented10000.playableMs')}`,
        ],
        [
          'new device, 10,000-turn segmented story: everything (ms)',
          fmt(j.everythingMs),
          `the other ${fmt(typeof j.segments === 'number' ? j.segments - 2 : null)} segments, in the background (${fmt(joinDetail.segmentBytes)} bytes each)`,
        ],
      ],
    },
    {
      title:
        'App: the built app in Chromium, segmented stories, installed and warm (a reload on the story, the service worker controlling it)',
      head: ['figure', '1,000 turns', '10,000 turns', '100,000 turns', 'target'],
      rows: [
        [
          'first-load JS, gzip (kB), fetched and run before the library shows',
          fmt(r.app.firstLoadJsGzipKB),
          '',
          '',
          verdict('app.firstLoadJsGzipKB'),
        ],
        appRow('reload → last row on screen (ms), from the last screen kept', 'firstRender', 'Ms'),
        appRow("reload → last row on screen (ms), the worker's rows", 'workerRender', 'Ms'),
        appRow(
          'reload → last row on screen (ms), from the last screen kept, as Playwright saw it',
          'playwrightRender',
          'Ms',
        ),
        appRow('heap after open, page + worker (MB)', 'heap', 'MB', (turns) => {
          const split = ((appDetail.heap ?? {}) as Record<string, Obj | null>)[turns];
          return split ? ` (${fmt(split.pageMB)} + ${fmt(split.workerMB)})` : '';
        }),
        [
          'reload → a turn sent at once is in the transcript (ms)',
          '',
          fmt(r.app.readyToSend10000Ms),
          '',
          verdict('app.readyToSend10000Ms'),
        ],
        [
          'the same, typed and sent through Playwright (ms)',
          '',
          fmt(r.app.readyToSendPlaywright10000Ms),
          '',
          '',
        ],
      ],
      ...(appNotes.length ? { note: appNotes.join('; ') } : {}),
    },
  ];
}

/** One column per context; the per-participant and per-operation figures joined with ' / '. */
function longSession(r: Report, verdict: (figure: string) => string): Section {
  const contexts = [r.longSession.context2048, r.longSession.context8192];
  const detail = (c: Obj) => (c.detail ?? {}) as Obj;
  const row = (label: string, cell: (c: Obj) => string, target = ''): string[] => [
    label,
    ...contexts.map(cell),
    target,
  ];
  const ops = ['actor', 'project', 'chronicle'];
  const byOp = (c: Obj) => (detail(c).byOperation ?? {}) as Record<string, Obj | undefined>;
  const chronicles = (c: Obj) => Object.values((detail(c).chronicles ?? {}) as Record<string, Obj>);
  const total = (c: Obj, key: string) =>
    chronicles(c).length ? fmt(chronicles(c).reduce((n, x) => n + Number(x[key] ?? 0), 0)) : '—';
  const memories = (c: Obj) => (c.memoryRecordsPerParticipant ?? {}) as Record<string, number>;
  const names = Object.keys(memories(contexts[0] as Obj));
  const joined = (values: unknown[]) => (values.length ? values.map((v) => fmt(v)).join(' / ') : '—');
  const met = (figure: string) => verdict(figure).split(': ').at(-1);
  const detected = contexts.map((c) => detail(c).detectedContext);
  return {
    title:
      'Long session: 300 turns, 4 participants, `rashomon run` at the context the server tells (vLLM), prompt tokens by cl100k_base',
    head: ['figure', '2,048 tokens', '8,192 tokens', 'target'],
    rows: [
      row(
        'largest request / context (prompt + max_tokens)',
        (c) => fmt(c.largestRequestOverContext, 3),
        `≤ 1: ${met('longSession.context2048.largestRequestOverContext')} / ${met('longSession.context8192.largestRequestOverContext')}`,
      ),
      row('requests over the context', (c) => fmt(c.overBudget)),
      row('requests without max_tokens', (c) => fmt(c.requestsWithoutMaxTokens)),
      row(
        'prefix reuse (median, selector excluded)',
        (c) => fmt(c.prefixReuseMedian, 3),
        `${verdict('longSession.context2048.prefixReuseMedian').replace(':', ' at 2,048:')}`,
      ),
      row('prefix reuse: actor / projection / chronicle', (c) =>
        joined(ops.map((op) => byOp(c)[op]?.prefixReuse)),
      ),
      row('chronicler calls per 100 turns', (c) => fmt(c.chroniclerCallsPer100Turns, 1)),
      row(`memories: ${names.join(' / ') || 'per participant'}`, (c) =>
        joined(names.map((n) => memories(c)[n])),
      ),
      row('chronicle entries / refused items', (c) => `${total(c, 'entries')} / ${total(c, 'audit')}`),
      row('requests per turn', (c) => fmt(c.requestsPerTurn, 2)),
      row('prompt tokens per turn', (c) => fmt(c.promptTokensPerTurn)),
      row('play (s)', (c) => fmt(c.playSeconds, 1)),
    ],
    ...(detected.some((d) => d !== undefined)
      ? {
          note: `the driver detected a context of ${detected.map((d) => fmt(d)).join(' and ')} tokens from GET /v1/models (max_model_len), no --context`,
        }
      : {}),
  };
}

/** The price group's columns: each scene at its context. */
const PRICE_COLUMNS = [
  ['four8192', '4 at 8,192'],
  ['four2048', '4 at 2,048'],
  ['chinese8192', '4, Chinese, at 8,192'],
  ['two8192', '2 at 8,192'],
  ['six8192', '6 at 8,192'],
] as const;

/** One column per scene and context; Rashomon's figure, then the shared-history frontend's. */
function price(r: Report): Section {
  const cases = PRICE_COLUMNS.map(([key]) => r.price[key]);
  const part = (c: Obj, group: string) => (c[group] ?? {}) as Obj;
  const pair = (group: string, field: string, sharedGroup: string, sharedField: string) => (c: Obj) =>
    `${fmt(part(c, group)[field])} / ${fmt(part(c, sharedGroup)[sharedField])}`;
  const row = (label: string, cell: (c: Obj) => string, note = ''): string[] => [
    label,
    ...cases.map(cell),
    note,
  ];
  const seconds = (server: string, word: 'first' | 'last') =>
    pair(server, `${word}WordS`, server, `shared${word === 'first' ? 'First' : 'Last'}WordS`);
  const tokens = (server: string) => pair('uncachedPerTurn', server, 'sharedUncachedPerTurn', server);
  return {
    title:
      'Price of separate points of view: a simulated llama.cpp server (1,500 prompt and 40 answer tokens a second), Rashomon / a shared-history frontend on the same turns',
    head: ['figure (Rashomon / shared history)', ...PRICE_COLUMNS.map(([, label]) => label), 'note'],
    rows: [
      row('one slot: Send → first word (s)', seconds('oneSlot', 'first'), "median over the person's turns"),
      row('one slot: Send → last word (s)', seconds('oneSlot', 'last'), 'the reply the person reads'),
      row('one slot: last word / shared last word', (c) => fmt(part(c, 'oneSlot').lastWordRatio, 2)),
      row('one slot: first word / shared last word', (c) => fmt(part(c, 'oneSlot').firstWordRatio, 2)),
      row('every prefix cached: Send → first word (s)', seconds('everyPrefix', 'first'), '--cache-ram'),
      row('every prefix cached: Send → last word (s)', seconds('everyPrefix', 'last')),
      row('prompt tokens computed per turn, one slot', tokens('oneSlot'), 'uncached, per story turn'),
      row('prompt tokens computed per turn, four slots', tokens('fourSlots'), 'id_slot, else the most alike'),
      row('prompt tokens computed per turn, every prefix cached', tokens('everyPrefix')),
      row('four slots: Rashomon / shared', (c) => fmt(c.fourSlotRatio, 2)),
    ],
    note: 'scenes in tests/fixtures/price: 4 participants 50 rounds (Chinese 30), 2 and 6 participants 25 rounds; one slot from the play against a one-slot server, four slots and every prefix from the play against four',
  };
}
