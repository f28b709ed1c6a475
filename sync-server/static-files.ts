// Serves the built app (dist/): content types, the app's index.html for client-side routes, ETags,
// and caching that never pins an old version (immutable for hashed /assets/*, no-cache for the rest).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { SECURITY_HEADERS } from './security-headers.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite puts content-hashed files in /assets/: a name there never gets other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, sw.js, the manifest, icons: revalidated on every load, so an update is seen at once. */
const REVALIDATE = 'no-cache';

interface Found {
  path: string;
  size: number;
  mtimeMs: number;
}

async function fileAt(path: string): Promise<Found | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null;
}

/** The file for a URL path inside root, or null; never outside root. */
async function find(root: string, pathname: string): Promise<Found | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null;
  return (await fileAt(path)) ?? (await fileAt(join(path, 'index.html')));
}

/** `/assets/x.js` names a file; `/stories/abc` is an app route and gets index.html. */
const looksLikeFile = (pathname: string) => (pathname.split('/').pop() ?? '').includes('.');

export function staticFiles(dir: string) {
  const root = resolve(dir);
  const assets = join(root, 'assets') + sep;
  return async (request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
      return;
    }
    let found = await find(root, pathname);
    if (!found && !looksLikeFile(pathname)) found = await fileAt(join(root, 'index.html'));
    if (!found) {
      const missingApp = !(await fileAt(join(root, 'index.html')));
      response
        .writeHead(missingApp ? 503 : 404, {
          ...SECURITY_HEADERS,
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
        })
        .end(
          missingApp
            ? 'The app is not built: run `npm run build`, or start with `npm start`.\n'
            : 'Not found\n',
        );
      return;
    }
    const etag = `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': CONTENT_TYPES[extname(found.path).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': found.path.startsWith(assets) ? IMMUTABLE : REVALIDATE,
      ETag: etag,
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, 'Content-Length': found.size });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(found.path)
      .on('error', () => response.destroy())
      .pipe(response);
  };
}
