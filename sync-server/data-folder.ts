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

/**
 * Reads a secret file, or creates it with fresh random bytes; keeps it readable by its owner only.
 * Written aside and linked into place, so a process starting at the same moment never reads half a file.
 */
async function ensureSecretFile(path: string): Promise<string> {
  const aside = `${path}.${process.pid}.tmp`;
  await writeFile(aside, `${randomBytes(SECRET_BYTES).toString('base64url')}\n`, { mode: PRIVATE_FILE });
  try {
    await link(aside, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await unlink(aside);
  }
  const info = await stat(path);
  if ((info.mode & 0o077) !== 0) await chmod(path, PRIVATE_FILE);
  const parsed = SecretFileSchema.safeParse(await readFile(path, 'utf8'));
  if (!parsed.success)
    throw new Error(
      `${path} is not a valid secret (${parsed.error.issues[0]?.message}); delete it to make a new one`,
    );
  return parsed.data;
}

/** Opens (creating if needed) the data folder at `dir`. */
export async function openDataFolder(dir: string): Promise<DataFolder> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true, mode: PRIVATE_DIR });
  const ownerToken = await ensureSecretFile(join(root, 'owner-token'));
  const roomSecret = Buffer.from(await ensureSecretFile(join(root, 'room-secret')), 'base64url');
  return { dir: root, leveldbDir: join(root, 'leveldb'), secrets: { ownerToken, roomSecret } };
}
