// A small story builder for driver tests: a story doc with the user "User" (id `user`) and the
// characters Jane and Jess, plus helpers that append turns and write POV records with the bases the
// derived views expect (so that what a test builds is fresh unless the test makes it stale).
import * as Y from 'yjs';
import { createStory } from '../../src/driver/doc/story-doc.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { activeLeaf, appendTurn } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import type { PovOrigin, TurnOrigin } from '../../src/driver/doc/schema.ts';
import { createStoryViews, type StoryViews } from '../../src/driver/views/story-views.ts';

export const USER = 'user';
export const JANE = 'jane';
export const JESS = 'jess';

/** Deterministic ISO timestamps, one second apart. */
export function isoAt(n: number): string {
  return new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();
}

export interface SayOptions {
  origin?: TurnOrigin;
  /** Parent turn (default: the active leaf); `null` for a new root. */
  parent?: string | null;
  /** For generated turns: default is the author's current history before the turn (fresh). */
  basis?: string;
  audiences?: string[];
  id?: string;
  activate?: boolean;
}

export interface StoryFixture {
  doc: Y.Doc;
  views: StoryViews;
  /** The next deterministic timestamp. */
  now(): string;
  /** Appends a turn; returns its id. Generated turns get a fresh basis unless one is given. */
  say(author: string, text: string, opts?: SayOptions): string;
  /** Writes audience's POV record of a turn with the expected basis; `null` = perceived nothing. */
  project(turnId: string, audience: string, text: string | null, origin?: PovOrigin): void;
  /** Projects a turn to every non-author audience as `<audience> sees: <source>`. */
  projectAll(turnId: string): void;
  /** The basis a POV record of `turnId` for `audience` should carry now. */
  expectedPov(turnId: string, audience: string): string;
}

/** The turn ids from the root to `leaf` (default: the active leaf), as the views walk them. */
export function pathIds(doc: Y.Doc, leaf?: string | null): string[] {
  const views = createStoryViews(doc);
  const ids = views.path(leaf).map((n) => n.id);
  views.dispose();
  return ids;
}

/** The children of a turn (`null`: the roots), oldest first, as the views index them. */
export function childIds(doc: Y.Doc, parent: string | null): string[] {
  const views = createStoryViews(doc);
  const ids = [...views.children(parent)];
  views.dispose();
  return ids;
}

export function makeStory(
  opts: {
    guid?: string;
    jessPresent?: boolean;
    clientID?: number;
    /** Lists the user after the characters: the order of participants must never decide who goes first. */
    userLast?: boolean;
  } = {},
): StoryFixture {
  const doc = new Y.Doc({ guid: opts.guid ?? 'story-1' });
  // Yjs picks a random client id; a fixed one makes conflict resolution, and so the test, repeatable.
  // Docs that sync with each other need different ids (pass `clientID`).
  doc.clientID = opts.clientID ?? 1;
  let clock = 0;
  let turnCounter = 0;
  const now = () => isoAt(clock++);
  createStory(doc, { title: 'The gate', language: 'en', createdAt: now() });
  const user = { id: USER, kind: 'user' as const, name: 'User', present: true, persona: 'A traveller.' };
  const characters = [
    { id: JANE, kind: 'character' as const, name: 'Jane', present: true, card: { description: 'A guard.' } },
    { id: JESS, kind: 'character' as const, name: 'Jess', present: opts.jessPresent ?? true, card: {} },
  ];
  for (const p of opts.userLast ? [...characters, user] : [user, ...characters]) {
    const r = addParticipant(doc, p);
    if (!r.ok) throw new Error(JSON.stringify(r));
  }
  const views = createStoryViews(doc);

  const expectedPov = (turnId: string, audience: string): string => {
    const s = views.node(turnId).pov.get(audience);
    if (!s) throw new Error(`${audience} is not a non-author audience of ${turnId}`);
    return s.expected;
  };

  const fixture: StoryFixture = {
    doc,
    views,
    now,
    say(author, text, o = {}) {
      const id = o.id ?? `t${++turnCounter}`;
      const origin = o.origin ?? 'authored';
      const parent = o.parent === undefined ? activeLeaf(doc) : o.parent;
      const basis = origin === 'generated' ? (o.basis ?? views.historyThrough(author, parent)) : undefined;
      return appendTurn(doc, {
        id,
        author,
        text,
        origin,
        createdAt: now(),
        parent,
        ...(basis !== undefined ? { basis } : {}),
        ...(o.audiences ? { audiences: o.audiences } : {}),
        ...(o.activate !== undefined ? { activate: o.activate } : {}),
      });
    },
    project(turnId, audience, text, origin = 'generated') {
      writePov(doc, turnId, audience, {
        perceived: text !== null,
        text: text ?? '',
        basis: expectedPov(turnId, audience),
        origin,
        createdAt: now(),
      });
    },
    projectAll(turnId) {
      const n = views.node(turnId);
      for (const audience of n.pov.keys())
        fixture.project(turnId, audience, `${audience} sees: ${n.turn.source}`);
    },
    expectedPov,
  };
  return fixture;
}
