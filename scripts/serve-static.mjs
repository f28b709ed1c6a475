// A small static file server for the built app (dist/): correct content types, the app's index.html
// for client-side routes, and cache headers that let the service worker see new versions.
// Usage: `node scripts/serve-static.mjs [dir]` (HOST, PORT from the environment), or import it.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CONTENT_TYPES = {
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
  '.md': 'text/markdown; charset=utf-8',
};

/** Hashed build output never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is revalidated, so a new index.html or sw.js is seen on the next load. */
const REVALIDATE = 'no-cache';

/** Finds the file for a URL path inside root, or null. Never leaves root. */
async function findFile(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (info?.isFile()) return { path, info };
  if (info?.isDirectory()) {
    const index = join(path, 'index.html');
    const indexInfo = await stat(index).catch(() => null);
    if (indexInfo?.isFile()) return { path: index, info: indexInfo };
  }
  return null;
}

/** True for paths that name a file (`/assets/x.js`), false for app routes (`/stories/abc`). */
function looksLikeFile(pathname) {
  const last = pathname.split('/').pop() ?? '';
  return last.includes('.');
}

/** Creates (does not start) an HTTP server for the files under `dir`. */
export function createStaticServer(dir) {
  const root = resolve(dir);
  const assetsDir = join(root, 'assets') + sep;
  return createServer(async (request, response) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    let found = await findFile(root, pathname);
    if (!found && !looksLikeFile(pathname)) found = await findFile(root, '/index.html');
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const { path, info } = found;
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      'Content-Type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE,
      ETag: etag,
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, 'Content-Length': info.size });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(path)
      .on('error', () => response.destroy())
      .pipe(response);
  });
}

/** Starts serving `dir`; resolves with the server and its URL once it listens. */
export async function serveStatic(dir, { host = '127.0.0.1', port = 0 } = {}) {
  const server = createStaticServer(dir);
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { server, url: `http://${shownHost}:${address.port}/` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url));
  const { url } = await serveStatic(dir, {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 8787),
  });
  console.log(`Serving ${dir} at ${url}`);
}
