// The pairing link a sync server prints: `http://HOST:PORT/#pair=<base64url JSON {server, token}>`,
// and the link `rashomon token --room R` prints for one shared story, with `room` added. The fragment
// never reaches a server; the app reads it, checks it (the same shape as sync-server/pairing.ts, which
// a page cannot import), and offers to save it: as this device's sync, or as one joined story.
import { z } from 'zod';
import { t } from '../i18n/ui-text.ts';

/** The library's room (src/workers/sync/target.ts): a room token is never used on it. */
const LIBRARY_ROOM = 'library';

const pairingSchema = z.object({
  server: z.url({ protocol: /^https?$/ }),
  token: z.string().min(1).max(256),
  room: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .refine((room) => room !== LIBRARY_ROOM)
    .optional(),
});
export type Pairing = z.infer<typeof pairingSchema>;

export type PairingProblem = { ok: false; code: 'damaged' } | { ok: false; code: 'invalid'; field: string };
export type PairingRead = { ok: true; pairing: Pairing } | PairingProblem | null;

const PREFIX = '#pair=';

function fromBase64url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** null: the text is not a pairing link; otherwise the pairing or why it cannot be used. */
export function readPairing(hash: string): PairingRead {
  if (!hash.startsWith(PREFIX)) return null;
  let json: unknown;
  try {
    json = JSON.parse(fromBase64url(hash.slice(PREFIX.length)));
  } catch {
    return { ok: false, code: 'damaged' };
  }
  const parsed = pairingSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, code: 'invalid', field: parsed.error.issues[0]?.path.join('.') || 'link' };
  return { ok: true, pairing: parsed.data };
}

/** A whole pasted link (`http://…/#pair=…`) or just its fragment. */
export function readPairingText(text: string): PairingRead {
  const trimmed = text.trim();
  const at = trimmed.indexOf(PREFIX);
  return at === -1 ? null : readPairing(trimmed.slice(at));
}

/** Why a link cannot be used, in the interface language (call it where it is shown). */
export function pairingProblemText(read: PairingProblem): string {
  switch (read.code) {
    case 'damaged':
      return t('This pairing link is damaged (not readable). Copy it again from the server.');
    case 'invalid':
      return t(
        'This pairing link is not valid (its {field} is missing or wrong). Copy it again from the server.',
        {
          field: read.field,
        },
      );
    default:
      return read satisfies never;
  }
}
