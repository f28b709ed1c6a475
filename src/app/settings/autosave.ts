// Saving as the person edits: a change is sent after a pause in typing (one save per pause, never two
// at once), and what became of the last one is said — saving, saved, or refused with the reason (a
// refused change is not stored; the last accepted settings stay). Closing first sends what is pending.
import { createSignal, type Accessor } from 'solid-js';
import type { Result } from '../../workers/api.ts';

/** How long typing must pause before the change is saved: one save per pause, not one per key. */
export const AUTOSAVE_PAUSE_MS = 400;

export type AutosaveStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'refused'; detail: string };

export interface Autosave {
  status: Accessor<AutosaveStatus>;
  /** A change was made: it is saved after the pause. */
  changed(): void;
  /** Saves what is pending now; resolves to whether everything edited is stored. */
  flush(): Promise<boolean>;
}

export function createAutosave(save: () => Promise<Result>): Autosave {
  const [status, setStatus] = createSignal<AutosaveStatus>({ state: 'idle' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  /** The save under way (saves run one after another, so an older one never lands last). */
  let running: Promise<void> = Promise.resolve();

  const run = (): Promise<void> => {
    running = running.then(async () => {
      if (!pending) return;
      pending = false;
      setStatus({ state: 'saving' });
      const result = await save();
      // A change made while this one was saving is saved next: say nothing until then.
      if (pending) return;
      setStatus(result.ok ? { state: 'saved' } : { state: 'refused', detail: result.detail });
    });
    return running;
  };

  return {
    status,
    changed() {
      pending = true;
      clearTimeout(timer);
      timer = setTimeout(() => void run(), AUTOSAVE_PAUSE_MS);
    },
    async flush() {
      clearTimeout(timer);
      await run();
      return status().state !== 'refused';
    },
  };
}
