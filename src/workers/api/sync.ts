// The part of the worker's API about sync and presence: the rooms' states, the Test button, a story
// joined with a collaborator's link, and where this device is in a story. Re-exported by api.ts.
import type { Access } from '../../../sync-server/protocol.ts';
import type { SharedStory } from '../store/device-settings.ts';
import type { PairingRead } from '../sync/pairing-link.ts';
import type { Peer, PresenceState } from '../sync/presence-state.ts';
import type { Result } from './result.ts';

export type { Pairing, PairingProblem, PairingRead } from '../sync/pairing-link.ts';
export type { Peer, PresenceState };

/**
 * Sync with the server, per room and overall (the worst room): `off` no server set; `syncing`
 * connecting or catching up; `connected` up to date and live; `offline` no answer (edits stay on this
 * device and go out on reconnect); `refused` the server turned the token down (retrying stopped);
 * `too-large` a change is over the server's message limit (retrying stopped).
 */
export type SyncState = 'off' | 'connected' | 'syncing' | 'offline' | 'refused' | 'too-large';

export interface SyncRoomStatus {
  /** 'library' or a story id (a joined story's too). */
  room: string;
  status: Exclude<SyncState, 'off'>;
  detail: string;
}

export interface SyncStatus {
  status: SyncState;
  /** What the state means here and what to do, for a tooltip or the settings. */
  detail: string;
  rooms?: SyncRoomStatus[];
}

/** The sync settings' Test button: the access probe's answer. */
export interface SyncTestReport {
  ok: boolean;
  /** owner: opens every room; room: one story only (the library does not sync with it). */
  access?: Access;
  /** Why not, with `detail` saying what to do. */
  code?: 'refused' | 'unreachable' | 'invalid';
  detail: string;
}

/** Where this device is in a story, shared with its room's peers. */
export interface PresenceApi {
  /** Shares where this device is in a story with its room's peers; null stops sharing. */
  setPresence(storyId: string, state: PresenceState | null): Promise<Result>;
  /** Peers in a story's room now (later changes come as 'presence' events). */
  presence(storyId: string): Promise<Peer[]>;
}

export interface SyncApi extends PresenceApi {
  syncStatus(): Promise<SyncStatus>;
  testSync(target: { serverURL: string; token: string }): Promise<SyncTestReport>;
  /**
   * Joins one story with a collaborator's room token (from their link): saved in the device settings
   * beside the device's own pairing, synced with its own server and token; it is listed once it arrives.
   * Joining a story again replaces its server and token.
   */
  joinSharedStory(story: SharedStory): Promise<Result>;
  /**
   * Reads a pairing link (a whole pasted link, or the address bar's fragment): null when the text
   * holds none; else the server, token (and a shared story's room), or why it cannot be used.
   */
  readPairingLink(text: string): Promise<PairingRead>;
  /** Stops syncing a joined story; its copy on this device stays. */
  leaveSharedStory(room: string): Promise<Result>;
}
