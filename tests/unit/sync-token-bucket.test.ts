// The sync server's per-connection token bucket: a burst goes through, then messages wait their turn.
import { describe, expect, it } from 'vitest';
import { createTokenBucket } from '../../sync-server/token-bucket.ts';

describe('sync-server token bucket', () => {
  it('[S19] lets a burst through, then asks to wait until the debt is paid back at the rate', () => {
    const bucket = createTokenBucket(10, 3, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([0, 0, 0]);
    expect(bucket.take(0)).toBe(100);
    expect(bucket.take(0)).toBe(200);
    // 300 ms later the two tokens of debt are paid and one more has come in.
    expect(bucket.take(300)).toBe(0);
    expect(bucket.take(300)).toBe(100);
  });

  it('[S19] refills no further than the burst', () => {
    const bucket = createTokenBucket(10, 2, 0);
    expect([bucket.take(60_000), bucket.take(60_000)]).toEqual([0, 0]);
    expect(bucket.take(60_000)).toBe(100);
  });
});
