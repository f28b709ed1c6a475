// Co-editing presence in one story: the peers in its room (other devices, as the worker validated
// them), who is editing a given variant, and sharing where this device is. Sharing stops when the
// calling component goes away.
import { createSignal, onCleanup, type Accessor } from 'solid-js';
import type { Peer, PresenceState } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';

const PALETTE = ['#c0392b', '#2e86c1', '#27ae60', '#8e44ad', '#d35400', '#16a085', '#b7950b', '#c2185b'];
/** One colour per page load, so two devices of one person still tell apart. */
const DEVICE_COLOR = PALETTE[Math.floor(Math.random() * PALETTE.length)] ?? '#2e86c1';

export interface Presence {
  peers: Accessor<Peer[]>;
  /** Peers editing this turn's source (no audience) or this audience's variant. */
  editing(turnId: string, audience?: string): Peer[];
  /** Shares where this device is (null: nothing), named by the device's name or else `name`. */
  share(where: Omit<PresenceState, 'user'> | null): void;
}

export function usePresence(storyId: string, name: () => string | undefined): Presence {
  const { api, presence } = useDriver();
  const [initial, setInitial] = createSignal<Peer[]>([]);
  void api.presence(storyId).then(setInitial, () => {});
  // Two people (or two devices) playing one story share its player: a device's own name tells them apart.
  const [deviceName, setDeviceName] = createSignal<string>();
  void api.getDeviceSettings().then(
    (settings) => setDeviceName(settings.deviceName),
    () => {},
  );
  const peers = (): Peer[] => presence(storyId) ?? initial();
  let sharing = false;
  onCleanup(() => {
    if (sharing) void api.setPresence(storyId, null);
  });
  return {
    peers,
    editing: (turnId, audience) =>
      peers().filter((p) => p.editing?.turnId === turnId && p.editing.audience === audience),
    share(where) {
      sharing = where !== null;
      const user = { name: deviceName()?.trim() || name()?.trim() || t('Someone'), color: DEVICE_COLOR };
      void api.setPresence(storyId, where === null ? null : { user, ...where });
    },
  };
}
