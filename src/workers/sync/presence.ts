// Presence per story room: this device's state goes into the room's awareness (kept while the story is
// not connected, applied when it is), and peers' states, validated, are pushed as 'presence' events.
import type { PresenceApi } from '../api/sync.ts';
import type { DriverEvent, Result } from '../api.ts';
import { peersOf, presenceStateSchema, type Peer, type PresenceState } from './presence-state.ts';
import type { SyncClient } from './client.ts';
import { uiText } from '../i18n/ui-text.ts';

export interface SyncPresence {
  /** Starts sharing and watching presence in a story's room (after `client.attach`). */
  watch(storyId: string): void;
  commands: PresenceApi;
}

export function createSyncPresence(client: SyncClient, emit: (e: DriverEvent) => void): SyncPresence {
  const mine = new Map<string, PresenceState | null>();
  const peers = (storyId: string): Peer[] => {
    const awareness = client.awareness(storyId);
    return awareness ? peersOf(awareness.getStates(), awareness.clientID) : [];
  };
  return {
    watch(storyId) {
      const awareness = client.awareness(storyId);
      if (!awareness) return;
      awareness.setLocalState(mine.get(storyId) ?? null);
      awareness.on(
        'change',
        ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }) => {
          if ([...added, ...updated, ...removed].some((id) => id !== awareness.clientID))
            emit({ kind: 'presence', storyId, peers: peers(storyId) });
        },
      );
    },
    commands: {
      async setPresence(storyId, state): Promise<Result> {
        const parsed = state === null ? null : presenceStateSchema.safeParse(state);
        if (parsed && !parsed.success)
          return {
            ok: false,
            code: 'invalid',
            detail: uiText('Presence not shared: {reason}', {
              reason: parsed.error.issues[0]?.message ?? '',
            }),
          };
        const value = parsed ? parsed.data : null;
        mine.set(storyId, value);
        client.awareness(storyId)?.setLocalState(value);
        return { ok: true };
      },
      presence: async (storyId) => peers(storyId),
    },
  };
}
