// The access probe: `GET /sync/<room>/access?token=…` tells a refused token (401) from a server that
// cannot be reached, which a failed WebSocket cannot (a refused upgrade is only "close 1006").
import { z } from 'zod';
import { ACCESS, HTTP_STATUS, type Access } from '../../../sync-server/protocol.ts';
import { accessProbeUrl, type SyncTarget } from './target.ts';
import { uiText } from '../i18n/ui-text.ts';

const grantedSchema = z.object({ ok: z.literal(true), access: z.enum(ACCESS) });

/** `detail` is read when shown, so it follows the interface language. */
export type ProbeResult =
  | { kind: 'granted'; access: Access }
  | { kind: 'refused'; status: number }
  | { kind: 'unreachable'; detail: () => string };

const PROBE_TIMEOUT_MS = 5000;

/** Answers that retrying cannot change: a wrong token, a room name or path this server does not accept. */
const REFUSED = new Set<number>([HTTP_STATUS.unauthorized, HTTP_STATUS.badRoom, HTTP_STATUS.notFound]);

export async function probeAccess(
  target: SyncTarget,
  room: string,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<ProbeResult> {
  let response: Response;
  try {
    response = await fetchImpl(accessProbeUrl(target, room), {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      cache: 'no-store',
    });
  } catch (error) {
    // The platform's own words (e.g. "fetch failed"): not ours to translate.
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'unreachable', detail: () => reason };
  }
  if (REFUSED.has(response.status)) return { kind: 'refused', status: response.status };
  const status = response.status;
  if (!response.ok)
    return { kind: 'unreachable', detail: () => uiText('the server answered {status}', { status }) };
  const body = grantedSchema.safeParse(await response.json().catch(() => null));
  return body.success
    ? { kind: 'granted', access: body.data.access }
    : {
        kind: 'unreachable',
        detail: () => uiText('the server’s answer was not a Rashomon sync server’s'),
      };
}
