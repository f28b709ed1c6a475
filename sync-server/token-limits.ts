// What each room token holds (connections, and the rooms they are in), checked before a hold is taken:
// one link cannot open more than its share of rooms or connections, and never the slots kept for the
// owner, nor, once it has what it needs to play, those kept for links that come later (SV15–SV16). The
// owner token is not limited here: its devices are the server's own.
import type { Limits } from './config.ts';

/** Who asks for a room: the owner, or a room token (known by its story: the token's scope). */
export type Holder = { kind: 'owner' } | { kind: 'room'; scope: string };
export const OWNER: Holder = { kind: 'owner' };

/** Refused before the upgrade: this link is at one of its own limits (HTTP 429; its other rooms carry on). */
export class TokenLimitReached extends Error {}
/** Refused before the upgrade: the rooms left are kept for the owner (HTTP 503, as a full server). */
export class ReservedForOwner extends Error {}
/** Refused before the upgrade: a link that can play already, and the rooms left are kept for new links (HTTP 503). */
export class ReservedForNewLinks extends Error {}

interface TokenUse {
  connections: number;
  /** Room name → this token's holds of it. */
  rooms: Map<string, number>;
}

export class TokenLimits {
  /** Room name → holds of it by anyone (the owner included): the rooms in use, synchronously counted. */
  private readonly holdsByRoom = new Map<string, number>();
  private readonly byToken = new Map<string, TokenUse>();

  constructor(private readonly limits: Limits) {}

  /** Takes one hold of `room` for `holder`, or throws why it may not. Synchronous, so concurrent upgrades see each other. */
  take(holder: Holder, room: string): void {
    if (holder.kind === 'room') this.check(holder.scope, room);
    this.holdsByRoom.set(room, (this.holdsByRoom.get(room) ?? 0) + 1);
    if (holder.kind === 'owner') return;
    const use = this.use(holder.scope);
    use.connections++;
    use.rooms.set(room, (use.rooms.get(room) ?? 0) + 1);
  }

  /** Gives back a hold `take` granted. */
  give(holder: Holder, room: string): void {
    decrement(this.holdsByRoom, room);
    if (holder.kind === 'owner') return;
    const use = this.byToken.get(holder.scope);
    if (!use) return;
    use.connections--;
    decrement(use.rooms, room);
    if (use.connections === 0) this.byToken.delete(holder.scope);
  }

  private check(scope: string, room: string): void {
    const { maxConnectionsPerToken, maxRoomsPerToken, maxConnectionsPerRoom, maxRooms } = this.limits;
    const use = this.byToken.get(scope);
    const inRoom = use?.rooms.get(room) ?? 0;
    if ((use?.connections ?? 0) >= maxConnectionsPerToken)
      throw new TokenLimitReached(`this link has ${maxConnectionsPerToken} connections open, its limit`);
    if (inRoom === 0 && (use?.rooms.size ?? 0) >= maxRoomsPerToken)
      throw new TokenLimitReached(`this link has ${maxRoomsPerToken} rooms open, its limit`);
    const forLinks = maxConnectionsPerRoom - this.limits.ownerConnectionsPerRoom;
    if (inRoom >= forLinks)
      throw new TokenLimitReached(`this link has ${forLinks} connections to this room, its limit`);
    if (this.holdsByRoom.has(room)) return;
    const { ownerRooms, newLinkRooms, roomsToPlay } = this.limits;
    if (this.holdsByRoom.size >= maxRooms - ownerRooms)
      throw new ReservedForOwner(`the rooms left are kept for the server's owner (${ownerRooms})`);
    // Busy links together stop short of the last rooms, so a link that comes later can still start.
    if (
      (use?.rooms.size ?? 0) >= roomsToPlay &&
      this.holdsByRoom.size >= maxRooms - ownerRooms - newLinkRooms
    )
      throw new ReservedForNewLinks(
        `the rooms left are kept for new links (${newLinkRooms}) and the server's owner (${ownerRooms})`,
      );
  }

  private use(scope: string): TokenUse {
    let use = this.byToken.get(scope);
    if (!use) this.byToken.set(scope, (use = { connections: 0, rooms: new Map() }));
    return use;
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
