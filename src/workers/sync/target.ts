// Where a device syncs: the server's http(s) address and a token, from device settings. The library is
// room 'library' (a server belongs to one owner, whose token opens every room, so every paired device
// shares one library); each story is the room named by its id. A story joined with a collaborator's
// room token syncs with that token and server instead, and the library never sees a room token.
// URLs for both the WebSocket and the access probe are derived here.
import { z } from 'zod';
import {
  LIBRARY_ROOM,
  SYNC_PATH,
  TOKEN_PARAM,
  accessPath,
  tokenScope,
} from '../../../sync-server/protocol.ts';
import type { DeviceSettings } from '../store/device-settings.ts';
import { uiText } from '../i18n/ui-text.ts';

export const syncTargetSchema = z.object({
  serverURL: z.url({
    protocol: /^https?$/,
    error: () => uiText('the server address starts with http:// or https://'),
  }),
  token: z
    .string()
    .trim()
    .min(1, { error: () => uiText('a token is needed') }),
});
export type SyncTarget = z.infer<typeof syncTargetSchema>;

/** The rooms this device opens: its own pairing (`device`), and each joined story's server and token. */
export interface SyncPlan {
  device?: SyncTarget;
  shared: ReadonlyMap<string, SyncTarget>;
}

/** How one room syncs; `shared`: with a room token from a collaborator's link. */
export interface SyncRoute {
  target: SyncTarget;
  shared: boolean;
}

export function syncPlan(settings: Pick<DeviceSettings, 'sync' | 'sharedStories'>): SyncPlan {
  const shared = new Map<string, SyncTarget>();
  for (const s of settings.sharedStories)
    if (s.room !== LIBRARY_ROOM) shared.set(s.room, { serverURL: s.serverURL, token: s.token });
  return settings.sync ? { device: settings.sync, shared } : { shared };
}

/**
 * A joined story uses its own server and token; the library only ever the device's own pairing. A
 * segment room `<story>~<n>` is routed as its story (the story's room token opens it: S40).
 */
export function routeFor(plan: SyncPlan, room: string): SyncRoute | undefined {
  const story = tokenScope(room) ?? room;
  const shared = story === LIBRARY_ROOM ? undefined : plan.shared.get(story);
  if (shared) return { target: shared, shared: true };
  return plan.device && { target: plan.device, shared: false };
}

export const sameRoute = (a: SyncRoute | undefined, b: SyncRoute | undefined) =>
  a?.shared === b?.shared && sameTarget(a?.target, b?.target);

/** Nothing to sync: no pairing and no joined story. */
export const syncsNothing = (plan: SyncPlan) => plan.device === undefined && plan.shared.size === 0;

const base = (target: SyncTarget) => target.serverURL.replace(/\/+$/, '');

/** The y-websocket server URL: the provider appends `/<room>?token=…`. */
export const websocketBase = (target: SyncTarget) => base(target).replace(/^http/, 'ws') + SYNC_PATH;

export const accessProbeUrl = (target: SyncTarget, room: string) =>
  `${base(target)}${accessPath(room)}?${TOKEN_PARAM}=${encodeURIComponent(target.token)}`;

/** The server's address as people read it (no path, no token). */
export function serverLabel(target: SyncTarget): string {
  try {
    return new URL(target.serverURL).host;
  } catch {
    return target.serverURL;
  }
}

export const sameTarget = (a: SyncTarget | undefined, b: SyncTarget | undefined) =>
  a?.serverURL === b?.serverURL && a?.token === b?.token;
