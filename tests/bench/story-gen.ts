// Deterministic stories for the benchmarks: 4 participants (the user and three characters), turns in
// rotation, 800-character sources and a 400-character projection for each of the 3 other audiences,
// every record carrying the basis the derived views expect (so the story is fresh, as after play).
// Built through the document API, one transaction per chunk of turns.
import * as Y from 'yjs';
import { createStory } from '../../src/driver/doc/story-doc.ts';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { appendTurn } from '../../src/driver/doc/turns.ts';
import { writePov } from '../../src/driver/doc/pov.ts';
import type { Participant } from '../../src/driver/doc/schema.ts';
import { EMPTY_HISTORY, fingerprint } from '../../src/driver/views/fingerprint.ts';
import { mulberry32, type Rng } from '../support/prng.ts';

export const SOURCE_CHARS = 800;
export const PROJECTION_CHARS = 400;

/** Ids look like the app's (random UUIDs): their length is part of a turn's size. */
export function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const FIRST_PERSON = [
  'I kneel by the roses and cut away the dead wood, one stem at a time.',
  'I lift the lantern higher and study the cracked stones of the old wall.',
  'I brush soil from my palms and listen to the fountain for a while.',
  'I walk slowly along the gravel path, counting the trees as I pass them.',
  'I set the basket down on the bench and look for the missing shears.',
  'I pull my coat tighter against the wind that comes over the hedge.',
  'I remember the winter the pond froze, and how quiet the garden was then.',
  'I trace the carved letters on the sundial with one finger.',
  'I wonder whether anyone noticed the gate was left open last night.',
  'I pick up a fallen apple, turn it over, and put it in my pocket.',
];

const PERCEIVED = [
  'Footsteps crunch on the gravel somewhere near the fountain.',
  'A lantern sways at the far end of the path, throwing long shadows.',
  'The scent of cut roses drifts across the beds on the cold air.',
  'A basket thumps down onto the wooden bench by the wall.',
  'Someone is moving between the apple trees, unhurried and quiet.',
  'The gate hinge creaks once and then falls silent again.',
  'Gravel shifts under a slow tread, then stops beside the sundial.',
  'A coat rustles as its wearer turns against the wind.',
];

/** About `chars` characters of whole sentences from `bank` (exactly `chars` when `exact`). */
export function prose(rng: Rng, bank: readonly string[], chars: number, exact = true): string {
  let text = '';
  while (text.length < chars) text += (text ? ' ' : '') + rng.pick(bank);
  return exact ? text.slice(0, chars) : text;
}

export const firstPerson = (rng: Rng, chars: number, exact = true) => prose(rng, FIRST_PERSON, chars, exact);
export const perceived = (rng: Rng, chars: number, exact = true) => prose(rng, PERCEIVED, chars, exact);

export interface BenchStory {
  doc: Y.Doc;
  participants: Participant[];
  userId: string;
  /** Turn ids of the chronology, root first. */
  turnIds: string[];
}

export interface BuildOptions {
  turns: number;
  /** Turns per transaction. */
  chunk?: number;
  seed?: number;
  /** Called after each chunk's transaction (progress, or waiting for storage). */
  onChunk?: (done: number) => void | Promise<void>;
  /** Attach persistence (or anything else) to the new doc before the first write. */
  beforeWrite?: (doc: Y.Doc) => void | Promise<void>;
}

export const iso = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();

/** The user and three characters, their ids drawn from `rng` (after the story's own id). */
export function benchCast(rng: Rng): { participants: Participant[]; userId: string } {
  const [userId, ...characterIds] = [uuidFrom(rng), uuidFrom(rng), uuidFrom(rng), uuidFrom(rng)];
  const participants: Participant[] = [
    { id: userId as string, kind: 'user', name: 'Wren', present: true, persona: "A gardener's apprentice." },
    ...['Mara', 'Tobin', 'Pell'].map((name, i): Participant => ({
      id: characterIds[i] as string,
      kind: 'character',
      name,
      present: true,
      card: { description: `${name}, who works in the walled garden.`, personality: 'Guarded.' },
    })),
  ];
  return { participants, userId: userId as string };
}

/**
 * Writes the chronology's turns, chunk by chunk, through the document API (a segmented root writes
 * each into its band's segment). It keeps the history fingerprints the derived views compute
 * (story-views.ts) along, so every basis is right without a pass over the whole story per turn; the
 * benches check it: a fresh staleness pass over the built story must find nothing stale.
 */
export function turnWriter(doc: Y.Doc, rng: Rng, ids: readonly string[], userId: string) {
  let hist = new Map<string, string>();
  const before = (p: string) => hist.get(p) ?? EMPTY_HISTORY;
  let last: string | null = null;
  return (i: number): string => {
    const author = ids[i % ids.length] as string;
    const generated = author !== userId;
    const id = uuidFrom(rng);
    const source = firstPerson(rng, SOURCE_CHARS);
    appendTurn(doc, {
      id,
      author,
      text: source,
      origin: generated ? 'generated' : 'authored',
      createdAt: iso(i + 1),
      parent: last,
      audiences: [...ids],
      ...(generated ? { basis: before(author) } : {}),
    });
    const sourceHash = fingerprint(source);
    const next = new Map(hist);
    for (const who of ids) {
      if (who === author) {
        next.set(who, fingerprint(before(who), author, 'own', source));
        continue;
      }
      const text = perceived(rng, PROJECTION_CHARS);
      writePov(doc, id, who, {
        perceived: true,
        text,
        basis: fingerprint(before(who), sourceHash),
        origin: 'generated',
        model: 'bench-model',
        createdAt: iso(i + 1),
      });
      next.set(who, fingerprint(before(who), author, 'perceived', text));
    }
    hist = next;
    last = id;
    return id;
  };
}

export async function buildStory(opts: BuildOptions): Promise<BenchStory> {
  const rng = mulberry32(opts.seed ?? 8);
  const chunk = opts.chunk ?? 250;
  const doc = new Y.Doc({ guid: uuidFrom(rng) });
  await opts.beforeWrite?.(doc);
  const { participants, userId } = benchCast(rng);
  doc.transact(() => {
    createStory(doc, { title: `A garden of ${opts.turns} turns`, language: 'en', createdAt: iso(0) });
    for (const p of participants) addParticipant(doc, p);
  });
  const write = turnWriter(
    doc,
    rng,
    participants.map((p) => p.id),
    userId,
  );
  const turnIds: string[] = [];
  for (let start = 0; start < opts.turns; start += chunk) {
    doc.transact(() => {
      for (let i = start; i < Math.min(opts.turns, start + chunk); i++) turnIds.push(write(i));
    });
    await opts.onChunk?.(Math.min(opts.turns, start + chunk));
  }
  return { doc, participants, userId, turnIds };
}
