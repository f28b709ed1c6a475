// Co-editing presence: what one device shares in a story room's awareness (who, and which turn or
// variant it is viewing or editing). Checked with zod both ways: from the page before it is shared,
// and from peers before it is shown, since any device on the server can put anything there.
import { z } from 'zod';

const id = z.string().min(1).max(128);

export const presenceStateSchema = z.object({
  user: z.object({
    name: z.string().trim().min(1).max(80),
    /** A CSS hex colour, e.g. '#3366cc'. */
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  }),
  viewing: z.object({ turnId: id }).optional(),
  /** A variant being edited: the turn's source when `audience` is absent, else that audience's POV. */
  editing: z.object({ turnId: id, audience: id.optional() }).optional(),
});
export type PresenceState = z.infer<typeof presenceStateSchema>;

/** Another device in the same story room. */
export type Peer = PresenceState & { clientId: number };

/** Peers' valid states; malformed or empty ones (a device that shares nothing) are left out. */
export function peersOf(states: Map<number, unknown>, self: number): Peer[] {
  const peers: Peer[] = [];
  for (const [clientId, state] of states) {
    if (clientId === self) continue;
    const parsed = presenceStateSchema.safeParse(state);
    if (parsed.success) peers.push({ clientId, ...parsed.data });
  }
  return peers.sort((a, b) => a.clientId - b.clientId);
}
