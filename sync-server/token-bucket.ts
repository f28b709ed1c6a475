// A token bucket: `rate` tokens a second, holding at most `burst`. A connection takes one per message;
// when the bucket runs dry the caller stops reading that connection for the time `take` returns.

export interface TokenBucket {
  /** Takes one token at `now` (ms); returns 0, or how long to wait until the bucket is back to empty. */
  take(now: number): number;
}

export function createTokenBucket(rate: number, burst: number, now: number): TokenBucket {
  let tokens = burst;
  let at = now;
  return {
    take(time) {
      tokens = Math.min(burst, tokens + ((time - at) * rate) / 1000);
      at = time;
      // A message already read is handled anyway: the bucket goes into debt, and reading waits it out.
      tokens -= 1;
      return tokens >= 0 ? 0 : Math.ceil((-tokens * 1000) / rate);
    },
  };
}
