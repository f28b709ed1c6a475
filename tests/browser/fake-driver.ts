// A scripted stand-in for the worker's DriverApi, for the app's client-side state tests: commands
// answer from overridable handlers and record their calls; `push` plays a DriverEvent to the client.
import type { Remote } from 'comlink';
import type {
  DriverApi,
  DriverEvent,
  StaleSummary,
  StoryOverview,
  TranscriptRow,
} from '../../src/workers/api.ts';

export const USER_ID = 'u1';
export const JANE_ID = 'c1';

export function overview(patch: Partial<StoryOverview> = {}): StoryOverview {
  return {
    id: 's1',
    title: 'The Lantern',
    language: 'en',
    settings: { batchReprojection: false, turnSelection: 'auto' },
    participants: [
      { id: USER_ID, kind: 'user', name: 'Sam', present: true },
      { id: JANE_ID, kind: 'character', name: 'Jane', present: true },
    ],
    length: 0,
    userId: USER_ID,
    ...patch,
  };
}

export function row(turnId: string, patch: Partial<TranscriptRow> = {}): TranscriptRow {
  return {
    turnId,
    index: 0,
    author: USER_ID,
    authorName: 'Sam',
    kind: 'own',
    text: '',
    stale: false,
    sibling: { index: 0, count: 1 },
    siblings: [turnId],
    origin: 'authored',
    ...patch,
  };
}

export interface FakeDriver {
  api: Remote<DriverApi>;
  calls: Array<[string, unknown[]]>;
  handlers: Partial<DriverApi>;
  rows: TranscriptRow[];
  /** What the transcript says is stale. */
  stale: StaleSummary | null;
  push(event: DriverEvent): void;
}

export function createFakeDriver(): FakeDriver {
  // Each fake is a fresh device: nothing an earlier test's page kept (a story's last screen, notes
  // dismissed) shows in this one (the test files share the page's origin).
  localStorage.clear();
  const listeners: Array<(event: DriverEvent) => void> = [];
  const fake: FakeDriver = {
    calls: [],
    rows: [],
    stale: null,
    handlers: {
      openStory: async () => ({ ok: true, story: overview() }),
      transcript: async () => ({
        ok: true,
        rows: fake.rows,
        length: fake.rows.length,
        notHere: 0,
        stale: fake.stale,
        missing: 0,
      }),
      send: async () => ({ ok: true, turnId: 't-new' }),
      resolveStale: async () => ({ ok: true }),
      act: async () => ({ ok: true, turnIds: [] }),
      cancel: async () => {},
      storyProblems: async () => ({ ok: true, problems: [] }),
      repairLeaf: async () => ({ ok: true, repaired: false }),
      subscribe: async (listener) => void listeners.push(listener),
    },
    push: (event) => listeners.forEach((listener) => listener(event)),
    api: undefined as unknown as Remote<DriverApi>,
  };
  fake.api = new Proxy({} as Remote<DriverApi>, {
    get:
      (_, name: string) =>
      (...args: unknown[]) => {
        fake.calls.push([name, args]);
        const handler = fake.handlers[name as keyof DriverApi] as ((...a: unknown[]) => unknown) | undefined;
        if (!handler) throw new Error(`the fake driver has no ${name}`);
        return handler(...args);
      },
  });
  return fake;
}
