// The pairing link a sync server prints: `http://HOST:PORT/#pair=<base64url JSON {server, token}>`,
// and the link `rashomon token --room R` prints for one shared story, with `room` added
// (sync-server/pairing.ts makes them). The fragment never reaches a server: the app hands it to the
// worker, which reads and checks it with the protocol's own constants; the app then offers to save it,
// as this device's sync or as one joined story.
import { z } from 'zod';
import {
  LIBRARY_ROOM,
  MAX_TOKEN_LENGTH,
  PAIRING_FRAGMENT,
  ROOM_NAME,
} from '../../../sync-server/protocol.ts';

const pairingSchema = z.object({
  server: z.url({ protocol: /^https?$/ }),
  token: z.string().min(1).max(MAX_TOKEN_LENGTH),
  // A room token is never used on the library's room: the library is not a story.
  room: z
    .string()
    .regex(ROOM_NAME)
    .refine((room) => room !== LIBRARY_ROOM)
    .optional(),
});
export type Pairing = z.infer<typeof pairingSchema>;

export type PairingProblem = { ok: false; code: 'damaged' } | { ok: false; code: 'invalid'; field: string };
export type PairingRead = { ok: true; pairing: Pairing } | PairingProblem | null;

function fromBase64url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** A fragment (`#pair=…`): null when it is not a pairing link, else the pairing or why it cannot be used. */
function readFragment(hash: string): PairingRead {
  let json: unknown;
  try {
    json = JSON.parse(fromBase64url(hash.slice(PAIRING_FRAGMENT.length)));
  } catch {
    return { ok: false, code: 'damaged' };
  }
  const parsed = pairingSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, code: 'invalid', field: parsed.error.issues[0]?.path.join('.') || 'link' };
  return { ok: true, pairing: parsed.data };
}

/**
 * A whole pasted link (`http://…/#pair=…`) or an address bar's fragment: null when it holds no
 * pairing link (any other hash), else the pairing or why it cannot be used.
 */
export function readPairing(text: string): PairingRead {
  const trimmed = text.trim();
  const at = trimmed.indexOf(PAIRING_FRAGMENT);
  return at === -1 ? null : readFragment(trimmed.slice(at));
}
