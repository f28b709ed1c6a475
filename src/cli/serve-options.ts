// Where `rashomon serve` and `rashomon token` find their settings: flags first, then the HOST, PORT and
// RASHOMON_DATA environment variables, then the defaults; checked with zod.
import { z } from 'zod';
import { DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT } from '../../sync-server/config.ts';
import { RoomNameSchema } from '../../sync-server/routes.ts';
import { UsageError } from './usage-error.ts';

const ServeOptionsSchema = z.object({
  host: z.string().trim().min(1, 'the host must not be empty'),
  port: z.coerce
    .number({ message: 'the port must be a number' })
    .int('the port must be a whole number')
    .min(0, 'the port must be 0-65535')
    .max(65535, 'the port must be 0-65535'),
  dataDir: z.string().trim().min(1, 'the data folder must not be empty'),
});
export type ServeOptions = z.infer<typeof ServeOptionsSchema>;

type Flags = { host?: string | undefined; port?: string | undefined; data?: string | undefined };

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options', true);
  return parsed.data;
}

export function serveOptions(flags: Flags, env: NodeJS.ProcessEnv): ServeOptions {
  return check(ServeOptionsSchema, {
    host: flags.host ?? env.HOST ?? DEFAULT_HOST,
    port: flags.port ?? env.PORT ?? DEFAULT_PORT,
    dataDir: dataDirOption(flags, env),
  });
}

export function dataDirOption(flags: Flags, env: NodeJS.ProcessEnv): string {
  return check(ServeOptionsSchema.shape.dataDir, flags.data ?? env.RASHOMON_DATA ?? DEFAULT_DATA_DIR);
}

export function roomOption(room: string): string {
  return check(RoomNameSchema, room);
}
