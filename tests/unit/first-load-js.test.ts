// The first-load figure (tests/bench/first-load-js.ts) on a small built app of our own: it counts what
// a first load runs, and lists apart what is only imported on first use, though the service worker's
// precache list names every file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadJs } from '../bench/first-load-js.ts';

const FILES: Record<string, string> = {
  'index.html':
    '<script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
  'assets/index-a.js':
    'import{a as e}from"./shared-b.js";let w=new Worker(new URL(`/assets/worker-c.js`,``+import.meta.url),{type:`module`});' +
    'const s=()=>import(`./screen-d.js`);async function r(){let{Workbox:e}=await import(`./workbox-window.prod-e.js`)}',
  'assets/shared-b.js': 'export const a=1;',
  'assets/worker-c.js': 'import{x as t}from"./worker-dep-f.js";const l=()=>import(`./commands-g.js`);',
  'assets/worker-dep-f.js': 'export const x="import from nowhere";',
  'assets/commands-g.js': 'import{x}from"./worker-dep-f.js";import"./commands-dep-h.js";',
  'assets/commands-dep-h.js': 'export {};',
  'assets/screen-d.js': 'import{a}from"./shared-b.js";export{z}from"./screen-dep-i.js";',
  'assets/screen-dep-i.js': 'export const z=2;',
  'assets/workbox-window.prod-e.js': 'new Workbox("/sw.js");',
  'sw.js':
    'define(["./workbox-j"],(function(e){e.precacheAndRoute([{url:"assets/screen-d.js"},{url:"assets/commands-g.js"}])}));',
  'workbox-j.js': 'self.workbox=1;',
};

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('first-load JavaScript', () => {
  it('counts the entry, its preloads, the worker, their static imports, workbox-window and the service worker', () => {
    dist = mkdtempSync(join(tmpdir(), 'first-load-'));
    mkdirSync(join(dist, 'assets'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dist, name), text);
    const result = firstLoadJs(dist);
    expect(result.files.map((f) => f.file)).toEqual([
      'assets/index-a.js',
      'assets/shared-b.js',
      'assets/workbox-window.prod-e.js',
      'assets/worker-c.js',
      'assets/worker-dep-f.js',
      'sw.js',
      'workbox-j.js',
    ]);
    expect(result.lazy.map((f) => f.file)).toEqual([
      'assets/commands-dep-h.js',
      'assets/commands-g.js',
      'assets/screen-d.js',
      'assets/screen-dep-i.js',
    ]);
    const total = result.files.reduce((n, f) => n + f.gzipBytes, 0);
    expect(result.gzipKB).toBe(Math.round((total / 1024) * 10) / 10);
  });
});
