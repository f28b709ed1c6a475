// The data folder: the owner token and the room-token secret (each a 0600 file, made on first use),
// and the LevelDB directory where every room's updates are stored.
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const SECRET_BYTES = 32;
/** 32 random bytes in base64url: 43 characters, no padding. */
const SecretFileSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'expected 43 base64url characters (32 random bytes)');
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

export interface Secrets {
  /** Opens every room; printed by `rashomon token` and carried by the pairing URL. */
  ownerToken: string;
  /** Key of the HMAC that makes room tokens (tokens.ts). */
  roomSecret: Buffer;
}

export interface DataFolder {
  dir: string;
  leveldbDir: string;
  secrets: Secrets;
}

/** A data folder this process cannot use, said in one line the user can act on. */
export class DataFolderError extends Error {}

/** What each secret file is, and what a new one costs: said when a damaged one must be deleted. */
const SECRET_FILES = {
  'owner-token': 'every paired device must pair again',
  'room-secret': 'room tokens handed out before stop working',
} as const;
type SecretFile = keyof typeof SECRET_FILES;

/** Reads a secret file, or creates it with fresh random bytes; keeps it readable by its owner only. */
async function ensureSecretFile(root: string, name: SecretFile): Promise<string> {
  const path = join(root, name);
  const text = await readFile(path, 'utf8').catch(async (e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
    await createSecretFile(path);
    return readFile(path, 'utf8');
  });
  const info = await stat(path);
  if ((info.mode & 0o077) !== 0) await chmod(path, PRIVATE_FILE);
  const parsed = SecretFileSchema.safeParse(text);
  if (!parsed.success)
    throw new DataFolderError(
      `${path} is damaged (${parsed.error.issues[0]?.message}): delete it and start again to make a new one (${SECRET_FILES[name]})`,
    );
  return parsed.data;
}

/** Written aside and linked into place, so a process starting at the same moment never reads half a file. */
async function createSecretFile(path: string): Promise<void> {
  const aside = `${path}.${process.pid}.tmp`;
  await writeFile(aside, `${randomBytes(SECRET_BYTES).toString('base64url')}\n`, { mode: PRIVATE_FILE });
  try {
    await link(aside, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await unlink(aside);
  }
}

/** The file system's refusals a user can fix, as one line; anything else stays an error with its stack. */
function dataFolderFailure(e: unknown, root: string): unknown {
  switch ((e as NodeJS.ErrnoException).code) {
    case 'EACCES':
    case 'EPERM':
      return new DataFolderError(
        `Can't write to the data folder ${root}: permission denied. Choose another with --data or fix its permissions.`,
      );
    case 'EROFS':
      return new DataFolderError(
        `Can't write to the data folder ${root}: the file system is read-only. Choose another with --data.`,
      );
    case 'EEXIST':
    case 'ENOTDIR':
      return new DataFolderError(
        `The data folder ${root} is a file, not a folder (or inside one). Choose another with --data.`,
      );
    default:
      return e;
  }
}

/** Opens (creating if needed) the data folder at `dir`. */
export async function openDataFolder(dir: string): Promise<DataFolder> {
  const root = resolve(dir);
  try {
    await mkdir(root, { recursive: true, mode: PRIVATE_DIR });
    const ownerToken = await ensureSecretFile(root, 'owner-token');
    const roomSecret = Buffer.from(await ensureSecretFile(root, 'room-secret'), 'base64url');
    // Made here, so a folder that became read-only is reported as such, not as a database failure.
    const leveldbDir = join(root, 'leveldb');
    await mkdir(leveldbDir, { recursive: true, mode: PRIVATE_DIR });
    return { dir: root, leveldbDir, secrets: { ownerToken, roomSecret } };
  } catch (e) {
    throw dataFolderFailure(e, root);
  }
}
