// `rashomon token [--room R] [--data DIR]`: prints the owner token (opens every room) or room R's
// token (opens R only, for a collaborator). Makes the data folder's secrets if they do not exist yet.
import { parseArgs } from 'node:util';
import { openDataFolder } from '../../sync-server/data-folder.ts';
import { roomToken } from '../../sync-server/tokens.ts';
import { dataDirOption, roomOption } from './serve-options.ts';

export async function tokenText(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values } = parseArgs({ args, options: { room: { type: 'string' }, data: { type: 'string' } } });
  const room = values.room === undefined ? null : roomOption(values.room);
  const { secrets } = await openDataFolder(dataDirOption(values, env));
  return room === null ? secrets.ownerToken : roomToken(secrets.roomSecret, room);
}
