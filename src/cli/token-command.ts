// `rashomon token [--room R [--url URL]] [--data DIR]`: prints the owner token (opens every room), or
// room R's token (opens R only) and a pairing link that lets a collaborator join that one story.
// Makes the data folder's secrets if they do not exist yet.
import { parseArgs } from 'node:util';
import qrcode from 'qrcode-terminal';
import { z } from 'zod';
import { DataFolderError, openDataFolder } from '../../sync-server/data-folder.ts';
import { pairingUrl, serverAddress } from '../../sync-server/pairing.ts';
import { LIBRARY_ROOM } from '../../sync-server/protocol.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { dataDirOption, roomOption, serveOptions } from './serve-options.ts';
import { UsageError } from './usage-error.ts';

const UrlSchema = z.url({ protocol: /^https?$/, error: '--url must be an http:// or https:// address' });

export interface TokenOutput {
  /** What scripts read: the token, then (with --room) the pairing link. */
  lines: string[];
  /** What a person reads about them (stderr). */
  notes: string[];
  /** The link to show as a QR code, if any. */
  link?: string;
}

export async function tokenOutput(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<TokenOutput> {
  const { values } = parseArgs({
    args,
    options: { room: { type: 'string' }, url: { type: 'string' }, data: { type: 'string' } },
  });
  const { secrets } = await openDataFolder(dataDirOption(values, env)).catch((e: unknown) => {
    throw e instanceof DataFolderError ? new UsageError(e.message) : e;
  });
  if (values.room === undefined) {
    if (values.url !== undefined) throw new UsageError('--url goes with --room', true);
    return { lines: [secrets.ownerToken], notes: [] };
  }
  const room = roomOption(values.room);
  if (room === LIBRARY_ROOM)
    throw new UsageError(
      `"${LIBRARY_ROOM}" is the story list's room, not a story: to share everything, pair a device with the owner token (rashomon token)`,
    );
  const token = roomToken(secrets.roomSecret, room);
  const link = pairingUrl(serverUrl(values.url, env), token, room);
  return {
    lines: [token, link],
    notes: [
      `The first line is room ${room}'s token, the second a link that joins that story only (anyone with it can read and edit it).`,
      'Send the link to a collaborator; the server must be reachable at its address from their device (--url to change it).',
    ],
    link,
  };
}

/** --url, or where `rashomon serve` listens with the same HOST and PORT (its first printed address). */
function serverUrl(url: string | undefined, env: NodeJS.ProcessEnv): string {
  if (url !== undefined) {
    const parsed = UrlSchema.safeParse(url);
    if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid --url', true);
    return parsed.data;
  }
  const { host, port } = serveOptions({}, env);
  return serverAddress(host, port);
}

export async function tokenCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const out = await tokenOutput(args, env);
  for (const note of out.notes) console.error(note);
  for (const line of out.lines) console.log(line);
  if (out.link && process.stdout.isTTY)
    qrcode.generate(out.link, { small: true }, (code) => console.log(code));
  return 0;
}
