// First-load JavaScript of the built app, gzip-compressed (level 9), without the WebLLM chunk.
// Everything reachable from dist/index.html counts: the entry module and what it imports or preloads,
// the driver worker it starts (a first load starts it at once, and the worker owns the documents), the
// workbox-window chunk it imports to register the service worker, and the service worker with its
// workbox runtime (registered on first load). A file is reachable when a reachable file names it.
// Left out, as vite.config.ts leaves them out of the precache: the WebLLM chunk (assets/web-llm-*),
// imported on first use of the in-browser model, and gpt-tokenizer's encodings (assets/tokenizer*),
// imported by the worker on the first exact count for an OpenAI model. Both are named by a reachable
// file only in a dynamic import().
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const EXCLUDED = /(^|\/)(web-llm-|tokenizer)[^/]*\.js$/;

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoadJs {
  gzipKB: number;
  files: JsFile[];
  excluded: JsFile[];
}

const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).byteLength;

export function firstLoadJs(dist: string): FirstLoadJs {
  const all = (readdirSync(dist, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.js'))
    .map((name) => name.split('\\').join('/'));
  const text = new Map(all.map((name) => [name, readFileSync(join(dist, name), 'utf8')]));
  // Named with ".js", or quoted without it: workbox's loader names its runtime './workbox-<hash>'.
  const quoted = (name: string) =>
    new RegExp(`["'\`](?:\\./)?${basename(name, '.js').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`);
  const mentions = (content: string) =>
    all.filter((name) => content.includes(basename(name)) || quoted(name).test(content));

  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = mentions(html);
  const reached = new Set<string>();
  const excluded = new Set<string>();
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (reached.has(name) || excluded.has(name)) continue;
    if (EXCLUDED.test(name)) {
      excluded.add(name);
      continue;
    }
    reached.add(name);
    queue.push(...mentions(text.get(name) ?? ''));
  }
  const describe = (name: string): JsFile => {
    const data = readFileSync(join(dist, name));
    return { file: relative(dist, join(dist, name)), bytes: data.byteLength, gzipBytes: gzipSize(data) };
  };
  const files = [...reached].sort().map(describe);
  return {
    gzipKB: Math.round((files.reduce((n, f) => n + f.gzipBytes, 0) / 1024) * 10) / 10,
    files,
    excluded: [...excluded].sort().map(describe),
  };
}
