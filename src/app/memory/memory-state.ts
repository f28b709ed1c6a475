// "What X remembers": one participant's chronicle as the worker reads it on the active path, re-read on
// every change of the story (a chronicler call, an edit here or on another device), and the person's
// edits of it: review a change, correct the state, add a memory or set one aside.
import { createSignal, onCleanup, type Accessor } from 'solid-js';
import type { MemoryEditInput, MemoryView, Result, StateDomain } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { latestOnly } from '../ui/latest-only.ts';
import { runCommand } from '../ui/run-command.ts';

export interface MemoryState {
  memory: Accessor<MemoryView | undefined>;
  /** Why the chronicle could not be read or the last edit failed, or ''. */
  error: Accessor<string>;
  /** An edit is on its way: the controls wait for it. */
  busy: Accessor<boolean>;
  review(changeId: string, decision: 'accepted' | 'rejected'): Promise<boolean>;
  amend(changeId: string, value: string): Promise<boolean>;
  /** Sets how things stand from now on; '' clears the value. */
  correct(subject: string, domain: StateDomain, value: string): Promise<boolean>;
  addMemory(text: string, importance: number): Promise<boolean>;
  forget(memoryId: string): Promise<boolean>;
}

export function createMemoryState(storyId: string, participantId: string): MemoryState {
  const { api, onStoryChanged } = useDriver();
  const [memory, setMemory] = createSignal<MemoryView>();
  const [error, setError] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  /** A read overtaken by a newer one (an edit reads again once stored) is dropped. */
  const load = latestOnly<Result<{ memory: MemoryView }>>(
    () => api.memory(storyId, participantId),
    (result) => (result.ok ? setMemory(result.memory) : setError(result.detail)),
  );
  void load();
  // A chronicler call, another participant's edit or a new turn elsewhere may all move what it remembers.
  onCleanup(onStoryChanged(storyId, () => void load()));

  const edit = async (input: MemoryEditInput): Promise<boolean> => {
    if (busy()) return false;
    setError('');
    setBusy(true);
    try {
      const result = await runCommand(() => api.editMemory(storyId, participantId, input), {
        error: setError,
        cancelled: setError,
        reread: load,
      });
      return result.ok;
    } finally {
      setBusy(false);
    }
  };

  return {
    memory,
    error,
    busy,
    review: (changeId, decision) => edit({ kind: 'review', changeId, decision }),
    amend: (changeId, value) => edit({ kind: 'amend', changeId, value }),
    correct: (subject, domain, value) => edit({ kind: 'correct', subject, domain, value }),
    addMemory: (text, importance) => edit({ kind: 'add-memory', text, importance }),
    forget: (memoryId) => edit({ kind: 'forget-memory', memoryId }),
  };
}
