// Reads that may answer out of order: an answer to a read started before a newer one (or before an
// edit that makes it out of date) is dropped, so a slow old answer never overwrites a newer one.

export interface LatestOnly {
  /** Reads again; what it reads is kept unless a newer read or an invalidate() came meanwhile. */
  (): Promise<void>;
  /** Drops the answers of every read still on its way (e.g. an edit was just sent). */
  invalidate(): void;
}

/** Loads `load()` into `set`, dropping answers that arrive after a newer request was made. */
export function latestOnly<T>(load: () => Promise<T>, set: (value: T) => void): LatestOnly {
  let requested = 0;
  const read = async (): Promise<void> => {
    const mine = ++requested;
    const value = await load();
    if (mine === requested) set(value);
  };
  return Object.assign(read, { invalidate: () => void requested++ });
}
