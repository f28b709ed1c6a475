// The folder `rashomon eval --out DIR` writes into (E9): a file named there is refused, and no file or
// folder inside it is reached through a symbolic link, so a link planted in DIR cannot aim a write
// elsewhere. A link is refused, not replaced: it is not the eval's to delete, and it says something is odd.
import { closeSync, lstatSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './usage-error.ts';

export interface OutFolder {
  readonly dir: string;
  /** Refuses, before anything is written, a link at `rel` or on the way to it. */
  check(rel: string): void;
  /** A new file at `rel` (an earlier run's removed first), opened so that no link is followed. */
  open(rel: string): number;
  write(rel: string, text: string): void;
}

const linkRefused = (path: string) =>
  new UsageError(
    `${path} is a symbolic link; rashomon eval writes only its own files in --out: remove it or name another folder`,
  );

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** `dir`, made if missing; a file there is refused. The folder itself may be a link: the person named it. */
export function outFolder(dir: string, flag: string): OutFolder {
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mkdirSync(dir, { recursive: true });
    isDir = true;
  }
  if (!isDir) throw new UsageError(`${flag} ${dir} is a file: name a folder for the eval's files`);

  /** Walks `rel` below `dir`: each part must be no link; folders are made when `make`. */
  const walk = (rel: string, make: boolean): string => {
    const parts = rel.split('/');
    let path = dir;
    for (const [i, part] of parts.entries()) {
      path = join(path, part);
      const st = lstatOrNull(path);
      if (st?.isSymbolicLink()) throw linkRefused(path);
      const last = i === parts.length - 1;
      if (!last && st && !st.isDirectory()) throw new UsageError(`${path} is not a folder`);
      if (!last && !st && make) mkdirSync(path);
      if (last && st?.isDirectory()) throw new UsageError(`${path} is a folder, where a file is written`);
    }
    return path;
  };

  const open = (rel: string): number => {
    const path = walk(rel, true);
    if (lstatOrNull(path)) unlinkSync(path);
    try {
      // O_CREAT|O_EXCL: a link put there since the walk fails the open instead of being followed.
      return openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw linkRefused(path);
      throw e;
    }
  };

  return {
    dir,
    check: (rel) => void walk(rel, false),
    open,
    write(rel, text) {
      const fd = open(rel);
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
    },
  };
}
