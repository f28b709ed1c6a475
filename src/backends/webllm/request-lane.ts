// A first-in, first-out lane that lets one holder at a time through: WebLLM generates one answer at
// a time per engine, so requests wait here instead of failing, and a waiter that gives up leaves.

/** Gives the lane to the next waiter; calling it more than once does nothing. */
export type Release = () => void;

export interface RequestLane {
  /**
   * Resolves with a release once it is this caller's turn, or with undefined if the signal aborts
   * first (the caller then never held the lane and must not run).
   */
  acquire(signal?: AbortSignal): Promise<Release | undefined>;
  /** Callers waiting behind the current holder. */
  readonly waiting: number;
  readonly busy: boolean;
}

interface Waiter {
  grant: (release: Release) => void;
}

export function createRequestLane(): RequestLane {
  const queue: Waiter[] = [];
  let busy = false;

  const makeRelease = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next.grant(makeRelease());
      else busy = false;
    };
  };

  return {
    get waiting() {
      return queue.length;
    },
    get busy() {
      return busy;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      if (!busy) {
        busy = true;
        return Promise.resolve(makeRelease());
      }
      return new Promise((resolve) => {
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          resolve(undefined);
        };
        const waiter: Waiter = {
          grant: (release) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(release);
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
