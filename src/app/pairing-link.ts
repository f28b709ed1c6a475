// The pairing link a sync server prints: `http://HOST:PORT/#pair=<base64url JSON {server, token}>`.
// The fragment never reaches a server; the app reads it, checks it (the same shape as
// sync-server/pairing.ts, which a page cannot import), and offers to save it as this device's sync.
import { z } from 'zod';

const pairingSchema = z.object({
  server: z.url({ protocol: /^https?$/ }),
  token: z.string().min(1).max(256),
});
export type Pairing = z.infer<typeof pairingSchema>;

export type PairingRead = { ok: true; pairing: Pairing } | { ok: false; detail: string } | null;

const PREFIX = '#pair=';

function fromBase64url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** null: the hash is not a pairing link; otherwise the pairing or why it cannot be used. */
export function readPairing(hash: string): PairingRead {
  if (!hash.startsWith(PREFIX)) return null;
  let json: unknown;
  try {
    json = JSON.parse(fromBase64url(hash.slice(PREFIX.length)));
  } catch {
    return {
      ok: false,
      detail: 'This pairing link is damaged (not readable). Copy it again from the server.',
    };
  }
  const parsed = pairingSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      detail: `This pairing link is not valid (${parsed.error.issues[0]?.path.join('.') || 'link'}: ${parsed.error.issues[0]?.message}). Copy it again from the server.`,
    };
  return { ok: true, pairing: parsed.data };
}
