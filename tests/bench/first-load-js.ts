// First-load JavaScript of the built app, gzip-compressed (level 9): what a first load fetches and runs
// before the library shows. Counted: the entry module named by dist/index.html with its modulepreloads,
// the driver worker the entry starts (`new Worker(new URL(…))`: a first load starts it at once, and the
// worker owns the documents), the workbox-window chunk the entry imports at start to register the
// service worker, the service worker with its workbox runtime, and every file these import statically.
// A chunk named only in a dynamic import() (a screen, a group of worker commands, WebLLM, the
// tokenizers) loads on first use: it is listed apart with its size, and not counted. The service
// worker's precache list names every file, so it is not followed: precaching runs after the first load,
// in the background. Run it alone: `npx tsx tests/bench/first-load-js.ts [dist]` (a built dist).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Imported dynamically, but on every start (the entry registers the service worker through it). */
const STARTED_DYNAMICALLY = /(^|\/)workbox-window[^/]*\.js$/;
const SERVICE_WORKER = 'sw.js';

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoadJs {
  gzipKB: number;
  /** What a first load fetches and runs. */
  files: JsFile[];
  /** Chunks imported on first use: reported, not counted. */
  lazy: JsFile[];
}

const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).byteLength;
const STRING = String.raw`["'\x60]([^"'\x60]+)["'\x60]`;
/** `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = new RegExp(
  String.raw`(?<![\w$.])(?:import|export)\s*(?:[^"'\x60;()]*?from\s*)?${STRING}`,
  'g',
);
const DYNAMIC_IMPORT = new RegExp(String.raw`(?<![\w$.])import\(\s*${STRING}`, 'g');
const WORKER = new RegExp(String.raw`new\s+(?:Shared)?Worker\(\s*new\s+URL\(\s*${STRING}`, 'g');
/** workbox's loader in sw.js: `define(["./workbox-<hash>"], …)`. */
const AMD_DEPENDENCIES = /define\(\s*\[([^\]]*)\]/g;
const HTML_SCRIPTS = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g;

export function firstLoadJs(dist: string): FirstLoadJs {
  const all = (readdirSync(dist, { recursive: true }) as string[])
    .map((name) => name.split('\\').join('/'))
    .filter((name) => name.endsWith('.js'));
  const known = new Set(all);
  const text = (name: string) => readFileSync(join(dist, name), 'utf8');
  /** A specifier as a dist path: `/assets/x.js` from the root, `./x.js` from the naming file. */
  const resolve = (from: string, specifier: string): string | undefined => {
    const withJs = specifier.endsWith('.js') ? specifier : `${specifier}.js`;
    const path = withJs.startsWith('/')
      ? withJs.slice(1)
      : posix.normalize(posix.join(posix.dirname(from), withJs));
    return known.has(path) ? path : undefined;
  };
  const matches = (re: RegExp, content: string) => [...content.matchAll(re)].map((m) => m[1] ?? '');

  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = matches(HTML_SCRIPTS, html).flatMap((src) => resolve('index.html', src) ?? []);
  const reached = new Set<string>();
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (reached.has(name)) continue;
    reached.add(name);
    const content = text(name);
    const named = [
      ...matches(STATIC_IMPORT, content),
      ...matches(WORKER, content),
      ...matches(DYNAMIC_IMPORT, content).filter((s) => STARTED_DYNAMICALLY.test(s)),
      ...matches(AMD_DEPENDENCIES, content).flatMap((list) => matches(new RegExp(STRING, 'g'), list)),
    ];
    if (STARTED_DYNAMICALLY.test(name) && known.has(SERVICE_WORKER)) named.push(`/${SERVICE_WORKER}`);
    queue.push(...named.flatMap((s) => resolve(name, s) ?? []));
  }
  const describe = (name: string): JsFile => {
    const data = readFileSync(join(dist, name));
    return { file: name, bytes: data.byteLength, gzipBytes: gzipSize(data) };
  };
  const files = [...reached].sort().map(describe);
  return {
    gzipKB: kB(files.reduce((n, f) => n + f.gzipBytes, 0)),
    files,
    lazy: all
      .filter((name) => !reached.has(name))
      .sort()
      .map(describe),
  };
}

const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../../.tmp/bench-dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no built app in ${dist}: run vite build first`);
  const result = firstLoadJs(dist);
  const line = (f: JsFile) => `  ${kB(f.gzipBytes).toFixed(1).padStart(7)} kB gzip  ${f.file}`;
  console.log(`first load: ${result.gzipKB} kB gzip`);
  result.files.forEach((f) => console.log(line(f)));
  console.log(`on first use, not counted: ${kB(result.lazy.reduce((n, f) => n + f.gzipBytes, 0))} kB gzip`);
  result.lazy.forEach((f) => console.log(line(f)));
}
