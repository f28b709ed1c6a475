// Streamed tokens cross to the UI in batches: at most one message per interval per stream, so a fast
// model does not flood the thread that renders.
export const TOKEN_BATCH_MS = 50;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TokenBatcher<K> {
  push(key: K, text: string): void;
  /** Sends what is pending now (at the end of a generation). */
  flush(): void;
}

export function createTokenBatcher<K>(
  send: (key: K, text: string) => void,
  timers: Timers,
  interval = TOKEN_BATCH_MS,
): TokenBatcher<K> {
  const pending = new Map<string, { key: K; text: string }>();
  let timer: unknown = null;
  const flush = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const items = [...pending.values()];
    pending.clear();
    for (const { key, text } of items) send(key, text);
  };
  return {
    push(key, text) {
      const id = JSON.stringify(key);
      const entry = pending.get(id);
      if (entry) entry.text += text;
      else pending.set(id, { key, text });
      timer ??= timers.setTimeout(flush, interval);
    },
    flush,
  };
}
