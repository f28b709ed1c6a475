// The sync server's options, checked with zod at the boundary: where it listens, where it keeps its
// data, what it serves, and its limits (defaults from limits.ts and protocol.ts; tests make some small).
import { z } from 'zod';
import * as LIMITS from './limits.ts';
import { MAX_MESSAGE_BYTES } from './protocol.ts';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;
export const DEFAULT_DATA_DIR = './data';

const positiveInt = z.number().int().positive();

export const LimitsSchema = z.object({
  maxMessageBytes: positiveInt.default(MAX_MESSAGE_BYTES),
  maxRooms: positiveInt.default(LIMITS.MAX_ROOMS_IN_MEMORY),
  maxConnectionsPerRoom: positiveInt.default(LIMITS.MAX_CONNECTIONS_PER_ROOM),
  maxRoomsPerToken: positiveInt.default(LIMITS.MAX_ROOMS_PER_ROOM_TOKEN),
  maxConnectionsPerToken: positiveInt.default(LIMITS.MAX_CONNECTIONS_PER_ROOM_TOKEN),
  ownerRooms: z.number().int().nonnegative().default(LIMITS.ROOMS_RESERVED_FOR_OWNER),
  newLinkRooms: z.number().int().nonnegative().default(LIMITS.ROOMS_KEPT_FOR_NEW_LINKS),
  roomsToPlay: positiveInt.default(LIMITS.ROOMS_TO_PLAY),
  ownerConnectionsPerRoom: z.number().int().nonnegative().default(LIMITS.CONNECTIONS_RESERVED_FOR_OWNER),
  refusalLogIntervalMs: positiveInt.default(LIMITS.REFUSAL_LOG_INTERVAL_MS),
  roomIdleMs: z.number().int().nonnegative().default(LIMITS.ROOM_IDLE_UNLOAD_MS),
  compactAfterUpdates: positiveInt.default(LIMITS.COMPACT_AFTER_UPDATES),
  pingIntervalMs: positiveInt.default(LIMITS.PING_INTERVAL_MS),
  maxQueuedPerConnection: positiveInt.default(LIMITS.MAX_QUEUED_MESSAGES_PER_CONNECTION),
  maxUnauthenticatedSockets: positiveInt.default(LIMITS.MAX_UNAUTHENTICATED_SOCKETS),
  headersTimeoutMs: positiveInt.default(LIMITS.HEADERS_TIMEOUT_MS),
  upgradeTimeoutMs: positiveInt.default(LIMITS.UPGRADE_TIMEOUT_MS),
  messagesPerSecond: positiveInt.default(LIMITS.MESSAGES_PER_SECOND),
  messageBurst: positiveInt.default(LIMITS.MESSAGE_BURST),
  maxBatchBytes: positiveInt.default(LIMITS.MAX_BATCH_BYTES),
  shutdownMs: positiveInt.default(LIMITS.SHUTDOWN_DEADLINE_MS),
  storeReopenAttempts: positiveInt.default(LIMITS.STORE_REOPEN_ATTEMPTS),
  storeReopenIntervalMs: z.number().int().nonnegative().default(LIMITS.STORE_REOPEN_INTERVAL_MS),
});
export type Limits = z.output<typeof LimitsSchema>;

export const ServerConfigSchema = z.object({
  host: z.string().min(1).default(DEFAULT_HOST),
  port: z.number().int().min(0).max(65535).default(DEFAULT_PORT),
  dataDir: z.string().min(1).default(DEFAULT_DATA_DIR),
  /** The built app to serve (dist/); null serves no app, only /healthz and /sync. */
  staticRoot: z.string().min(1).nullable(),
  limits: LimitsSchema.default(LimitsSchema.parse({})),
});
export type ServerConfigInput = z.input<typeof ServerConfigSchema>;
export type ServerConfig = z.output<typeof ServerConfigSchema>;

/** One line of log output; never given a token, only room names and counts. */
export type Log = (line: string) => void;
