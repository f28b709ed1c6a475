// The app's reading of a sync server's pairing link (the same link sync-server/pairing.ts makes), and
// the overall sync state the header shows (the worst room's).
import { describe, expect, it } from 'vitest';
import { pairingUrl } from '../../sync-server/pairing.ts';
import { readPairing } from '../../src/app/pairing-link.ts';
import { overallStatus, SYNC_OFF } from '../../src/workers/sync-status.ts';
import { accessProbeUrl, websocketBase } from '../../src/workers/sync-target.ts';

describe('pairing link', () => {
  it('reads what the server prints', () => {
    const url = new URL(pairingUrl('http://192.168.1.20:8787/', 'tok-EN_123'));
    expect(readPairing(url.hash)).toEqual({
      ok: true,
      pairing: { server: 'http://192.168.1.20:8787', token: 'tok-EN_123' },
    });
  });

  it('ignores other hashes and explains broken links', () => {
    expect(readPairing('#/stories/s1')).toBeNull();
    expect(readPairing('')).toBeNull();
    expect(readPairing('#pair=%%%')).toMatchObject({ ok: false, detail: expect.stringMatching(/damaged/) });
    const bad = Buffer.from(JSON.stringify({ server: 'javascript:alert(1)', token: 't' })).toString(
      'base64url',
    );
    expect(readPairing(`#pair=${bad}`)).toMatchObject({ ok: false, detail: expect.stringMatching(/server/) });
    const noToken = Buffer.from(JSON.stringify({ server: 'http://h:1' })).toString('base64url');
    expect(readPairing(`#pair=${noToken}`)).toMatchObject({ ok: false });
  });
});

describe('sync addresses and overall state', () => {
  it('derives the WebSocket base and the access probe from the server address', () => {
    const target = { serverURL: 'https://example.org/rashomon/', token: 'a b' };
    expect(websocketBase(target)).toBe('wss://example.org/rashomon/sync');
    expect(accessProbeUrl(target, 'library')).toBe(
      'https://example.org/rashomon/sync/library/access?token=a%20b',
    );
  });

  it('shows the worst room, naming it', () => {
    const label = (room: string) => (room === 'library' ? 'The story list' : `“${room}”`);
    expect(
      overallStatus([{ room: 'library', status: 'connected', detail: 'Up to date.' }], label),
    ).toMatchObject({
      status: 'connected',
      detail: 'Up to date.',
    });
    const mixed = overallStatus(
      [
        { room: 'library', status: 'connected', detail: 'ok' },
        { room: 's1', status: 'offline', detail: 'no answer' },
        { room: 's2', status: 'refused', detail: 'wrong token' },
        { room: 's3', status: 'refused', detail: 'wrong token' },
      ],
      label,
    );
    expect(mixed).toMatchObject({ status: 'refused', detail: '“s2” (and 1 more): wrong token' });
    expect(SYNC_OFF.status).toBe('off');
  });
});
