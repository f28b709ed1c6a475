// A seeded property test of the isolation table: 200 random scenes (a user and 2–4 characters,
// canaries in cards, the persona, private thoughts, every model answer, each character's world nodes,
// lorebooks of every attachment, the Author's Note), played through the real turn loop against a
// scripted model, the background completing after each step as a person reads. Half the scenes run
// at a small context, so windows move and the chronicler runs; some let characters roll dice, and the
// person rolls, asks for a suggestion and for a hint. Afterwards every recorded request — selector,
// projection, batch, actor, chronicler, suggester, plot hint — is checked against what its participant
// legitimately knew, read from the STORED story (Story JSON export), the way
// ../shared/tools/scene-check/check-scene.mjs checks a CLI run from outside.
import { describe, expect, it } from 'vitest';
import { setPresent } from '../../src/driver/doc/participants.ts';
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { exportStory } from '../../src/driver/story-json/export.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { StoryJson, StoryJsonInput } from '../../src/driver/story-json/schema.ts';
import { createStoryViews } from '../../src/driver/views/story-views.ts';
import { authorTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { suggestTurn } from '../../src/driver/turns/suggest-turn.ts';
import { plotHint } from '../../src/driver/turns/plot-hint.ts';
import { rollForUser } from '../../src/driver/dice/roll-command.ts';
import { seededRandom } from '../../src/driver/dice/seeded-random.ts';
import type { DriverEnv, Story } from '../../src/driver/env.ts';
import type { ChatModel } from '../../src/driver/model.ts';
import {
  chronicleAnswer,
  completeBackground,
  kindOf,
  makeEnv,
  smallContextEnv,
  subjectOf,
  type RequestKind,
} from '../support/driver-env.ts';
import { mulberry32, type Rng } from '../support/prng.ts';
import type { RecordedCall } from '../support/scripted-model.ts';

const SCENES = 200;
const NAMES = ['Ada', 'Bram', 'Cleo', 'Dov', 'Esme', 'Finn', 'Gus', 'Hana'];
const CARD_FIELDS = ['description', 'personality', 'scenario', 'exampleDialogue'] as const;
const PERCEPTS = [
  'A floorboard creaks somewhere nearby, and the air smells of rain.',
  'You hear footsteps cross the room, then a chair scrapes.',
  'Someone sets a cup down on the table with a soft clink.',
  'A shadow passes the window and a door clicks shut.',
];
/**
 * Contexts small enough that windows move and the chronicler (on the projector's backend) runs within
 * a scene; the actor's backend has a little more, for its card, persona, world, lore and note.
 */
const SMALL_CONTEXT = 1900;
const SMALL_ACTOR_CONTEXT = 2600;

const ACTS = [
  'I glance at the window and brush the dust from my sleeve.',
  'I set my cup down and say, "It is late."',
  'I cross the room slowly and lean against the wall.',
  'I hum a tune under my breath and straighten the chairs.',
];

/**
 * Every secret of a scene: CANARY-CARD-<id> / CANARY-FIRST-<id> (cards), CANARY-PERSONA (the user's
 * persona), CANARY-THOUGHT-k / CANARY-HAND-k (hand-written turns), SAID-n (an actor answer, i.e. a
 * generated source), SEEN-n and SEEN-n-i (an isolated or batched projection answer), CANARY-NODE-<id>
 * and CANARY-PLACE-<id> (a character's own world node and a place only it knows), CANARY-LORE-<id>
 * (its own lorebook), CANARY-LORE-persona (the persona's book), CANARY-LORE-world / CANARY-LORE-story
 * (books everyone's requests may hold), CANARY-NOTE (the Author's Note, for actors only).
 */
const TOKEN = /\b(?:CANARY-[A-Z]+(?:-[A-Za-z0-9]+)?|SEEN-\d+(?:-\d+)?|SAID-\d+)\b/g;
const tokens = (text: string): Set<string> => new Set(text.match(TOKEN) ?? []);
/** Everything the driver sent. A retry is the same request with the reason added to its last message. */
const requestText = (call: RecordedCall) => call.messages.map((m) => m.content).join('\n');
const RETRY_MARK = 'Your previous answer could not be used';
const isRetry = (call: Pick<RecordedCall, 'messages'>) =>
  call.messages.at(-1)?.content.includes(RETRY_MARK) ?? false;

type Step =
  | { kind: 'user'; text: string }
  | { kind: 'roll'; notation: string; secret: number }
  | { kind: 'suggest' }
  | { kind: 'hint' }
  | { kind: 'hand'; as: string; text: string }
  | { kind: 'act'; actor: 'auto' | string }
  | { kind: 'present'; id: string; present: boolean };

interface SceneRun {
  seed: number;
  story: StoryJson;
  calls: RecordedCall[];
  /** Call numbers whose answer the script made invalid on purpose (each costs one retry). */
  refused: Set<number>;
  /** What the script answered, by call number. */
  answered: Map<number, string>;
  /** Call numbers made by the steps themselves (the rest the background made after them). */
  inCommand: Set<number>;
  /** Per selector call, in order: the candidate names expected and the number of turns before it. */
  selections: Array<{ candidates: string[]; turnsBefore: number }>;
  batch: boolean;
  /** The number of turns on the path when each call was made, by call number. */
  turnsAt: Map<number, number>;
  /** Played at a small context: windows move, so requests show a suffix of a transcript. */
  small: boolean;
}

/** Which operation a request is: the driver-env kinds, the suggester's and the plot author's too. */
type Kind = RequestKind | 'suggest' | 'hint';
function kindOfCall(call: Pick<RecordedCall, 'messages' | 'response_format'>): Kind {
  const kind = kindOf(call);
  if (kind !== 'actor') return kind;
  const system = call.messages[0]?.content ?? '';
  if (/\n\nYou suggest the next turn of /.test(system)) return 'suggest';
  if (/\n\nYou are the plot author /.test(system)) return 'hint';
  return kind;
}

/** Lorebooks of every attachment, each entry constant (it fires whenever its book reaches someone). */
function books(characters: ReadonlyArray<{ id: string }>, rng: Rng) {
  type Attachment = { kind: 'world' | 'story' | 'persona' } | { kind: 'character'; participant: string };
  const book = (id: string, attachments: Attachment[], canary: string) => ({
    id,
    name: `Book ${id}`,
    attachments,
    entries: [{ id: `${id}-e`, constant: true, content: `Lore: ${canary}.` }],
  });
  return [
    book('world-book', [{ kind: 'world' }], 'CANARY-LORE-world'),
    book('story-book', [{ kind: 'story' }], 'CANARY-LORE-story'),
    book('persona-book', [{ kind: 'persona' }], 'CANARY-LORE-persona'),
    ...characters
      .filter(() => rng.chance(0.7))
      .map((c) => book(`book-${c.id}`, [{ kind: 'character', participant: c.id }], `CANARY-LORE-${c.id}`)),
  ];
}

/** Each character's own node (its card's secret) and a place only it knows. */
function world(characters: ReadonlyArray<{ id: string; name: string }>) {
  return {
    name: 'The inn',
    nodes: characters.flatMap((c) => [
      {
        id: `node-${c.id}`,
        kind: 'character' as const,
        name: c.name,
        body: `Keeps a ledger. CANARY-NODE-${c.id}`,
      },
      {
        id: `place-${c.id}`,
        kind: 'place' as const,
        name: `Nook ${c.id}`,
        body: `Dusty. CANARY-PLACE-${c.id}`,
      },
    ]),
    relationships: [],
    characters: Object.fromEntries(characters.map((c) => [c.id, `node-${c.id}`])),
    knowledge: Object.fromEntries(characters.map((c) => [c.id, { nodes: [`place-${c.id}`] }])),
  };
}

function randomStory(rng: Rng, seed: number): StoryJsonInput {
  const names = rng.shuffle(NAMES);
  const characters = Array.from({ length: 2 + rng.int(3) }, (_, i) => {
    const id = `c${i + 1}`;
    const field = rng.pick(CARD_FIELDS);
    const card: Record<string, string> = { description: `${names[i + 1]} keeps the inn.` };
    card[field] = `${card[field] ?? ''} Secret: CANARY-CARD-${id}.`.trim();
    if (rng.chance(0.5)) card.firstMessage = `Welcome in. CANARY-FIRST-${id}`;
    return { id, kind: 'character' as const, name: names[i + 1] as string, present: rng.chance(0.8), card };
  });
  if (!characters.some((c) => c.present)) (characters[0] as { present: boolean }).present = true;
  const note = rng.chance(0.6);
  return {
    format: 'rashomon.story',
    version: 1,
    id: `scene-${seed}`,
    title: `Scene ${seed}`,
    language: 'en',
    settings: {
      batchReprojection: rng.chance(0.4),
      turnSelection: 'auto',
      ...(note ? { authorNote: 'Keep the inn warm. CANARY-NOTE', authorNoteDepth: rng.int(6) } : {}),
      ...(rng.chance(0.4) ? { characterDice: true } : {}),
    },
    participants: [
      {
        id: 'u',
        kind: 'user',
        name: names[0] as string,
        present: true,
        persona: 'A traveller with a past. CANARY-PERSONA',
      },
      ...characters,
    ],
    turns: [],
    activeLeaf: null,
    world: { version: 1, world: world(characters), books: books(characters, rng) },
  };
}

function randomSteps(rng: Rng, input: StoryJsonInput, small: boolean): Step[] {
  const present = new Map(input.participants.map((p) => [p.id, p.present ?? true]));
  const characters = input.participants.filter((p) => p.kind === 'character').map((p) => p.id);
  const steps: Step[] = [];
  let secret = 0;
  // At a small context, long enough that windows fill and move, and the chronicler runs.
  const count = small ? 20 + rng.int(8) : 5 + rng.int(9);
  while (steps.length < count) {
    const here = characters.filter((c) => present.get(c));
    const roll = rng.next();
    if (roll < 0.04)
      steps.push({ kind: 'roll', notation: rng.pick(['1d20', '2d6+1', 'd8']), secret: ++secret });
    else if (roll < 0.07) steps.push(rng.chance(0.5) ? { kind: 'suggest' } : { kind: 'hint' });
    else if (roll < 0.22)
      steps.push({
        kind: 'user',
        text: `I step up to the counter and wave. (I privately think CANARY-THOUGHT-${++secret} must stay hidden.)`,
      });
    else if (roll < 0.34) {
      // Mostly a present character; sometimes one who is away (their turn's only audience is whoever is present).
      const as = here.length && rng.chance(0.85) ? rng.pick(here) : rng.pick(characters);
      steps.push({
        kind: 'hand',
        as,
        text: `I wipe the table with a cloth. (CANARY-HAND-${++secret} is mine alone.)`,
      });
    } else if (roll < 0.6) {
      if (here.length) steps.push({ kind: 'act', actor: 'auto' });
    } else if (roll < 0.86) {
      if (here.length) steps.push({ kind: 'act', actor: rng.pick(here) });
    } else {
      const id = rng.chance(0.1) ? 'u' : rng.pick(characters);
      const next = !present.get(id);
      present.set(id, next);
      steps.push({ kind: 'present', id, present: next });
    }
  }
  return steps;
}

async function playScene(seed: number): Promise<SceneRun> {
  const rng = mulberry32(seed);
  const answers = mulberry32(seed ^ 0x9e3779b9);
  const small = rng.chance(0.3);
  const input = randomStory(rng, seed);
  const steps = randomSteps(rng, input, small);
  const imported = importStory(input, '2025-01-01T00:00:00.000Z');
  if (!imported.ok) throw new Error(`seed ${seed}: ${imported.detail}`);
  const story: Story = { doc: imported.doc, views: createStoryViews(imported.doc) };
  const refused = new Set<number>();
  const answered = new Map<number, string>();
  const turnsAt = new Map<number, number>();
  const respond = (request: ChatRequest, n: number) => {
    turnsAt.set(n, story.views.path().length);
    const text = answer(request, n);
    answered.set(n, text);
    return text;
  };
  const env = withDice(small ? smallContexts(respond) : makeEnv(respond), seed);
  function answer(request: ChatRequest, n: number): string {
    const kind = kindOfCall(request);
    // A few first attempts are refused on purpose (retried with the reason); retries always pass. The
    // chronicler, the suggester and the plot author are not: their calls are not counted below.
    const refuse =
      kind !== 'chronicle' &&
      kind !== 'suggest' &&
      kind !== 'hint' &&
      !isRetry(request) &&
      answers.chance(0.05);
    if (refuse) refused.add(n);
    const schema = request.response_format?.json_schema.schema as
      { properties: Record<string, { enum?: string[] }>; required: string[] } | undefined;
    switch (kind) {
      case 'selector': {
        const names = schema?.properties.next?.enum ?? [];
        // A refused choice: the user, who is never a candidate.
        return JSON.stringify({ next: refuse ? (input.participants[0]?.name ?? '') : answers.pick(names) });
      }
      case 'batch': {
        const names = schema?.required ?? [];
        const blank = refuse ? answers.int(names.length) : -1;
        return JSON.stringify(
          Object.fromEntries(
            names.map((name, i) => [
              name,
              i === blank
                ? ' '
                : answers.chance(0.3)
                  ? EMPTY_SENTINEL
                  : `${answers.pick(PERCEPTS)} SEEN-${n}-${i}`,
            ]),
          ),
        );
      }
      case 'project':
        return refuse ? '   ' : answers.chance(0.3) ? EMPTY_SENTINEL : `${answers.pick(PERCEPTS)} SEEN-${n}`;
      case 'chronicle':
        return chronicleAnswer(request, n);
      case 'actor':
        return refuse ? '' : `${answers.pick(ACTS)} SAID-${n}`;
      case 'suggest':
        return `I lean on the counter and smile. (draft ${n})`;
      case 'hint':
        return `Perhaps the cellar door should creak open. (hint ${n})`;
    }
  }
  const present = new Map(input.participants.map((p) => [p.id, p.present ?? true]));
  const selections: SceneRun['selections'] = [];
  const inCommand = new Set<number>();
  for (const [i, step] of steps.entries()) {
    const before = env.model.calls.length;
    let r;
    switch (step.kind) {
      case 'user':
        r = await authorTurn(story, env, 'u', step.text);
        break;
      case 'roll': {
        const rolled = rollForUser(story, env, step.notation);
        if (!rolled.ok) throw new Error(`seed ${seed}: ${rolled.detail}`);
        // The roll as the user's turn (DI3), with a thought of theirs that tells the turn apart.
        r = await authorTurn(
          story,
          env,
          'u',
          `${rolled.text} (I think CANARY-THOUGHT-${step.secret} quietly.)`,
        );
        break;
      }
      case 'suggest':
        r = await suggestTurn(story, env);
        break;
      case 'hint':
        r = await plotHint(story, env);
        break;
      case 'hand':
        r = await authorTurn(story, env, step.as, step.text);
        break;
      case 'act': {
        if (step.actor === 'auto') {
          const candidates = input.participants
            .filter((p) => p.kind === 'character' && present.get(p.id))
            .map((p) => p.name)
            .sort((a, b) => a.localeCompare(b));
          if (candidates.length > 1) selections.push({ candidates, turnsBefore: story.views.path().length });
          r = await takeTurn(story, env, { auto: true });
        } else r = await takeTurn(story, env, { actor: step.actor });
        break;
      }
      case 'present':
        r = setPresent(story.doc, step.id, step.present);
        present.set(step.id, step.present);
        break;
    }
    if (!r.ok) throw new Error(`seed ${seed} step ${i} (${JSON.stringify(step)}): ${JSON.stringify(r)}`);
    for (const c of env.model.calls.slice(before)) inCommand.add(c.n);
    // The other audiences' views are written after the command, before the next one (L1, L8).
    const done = await completeBackground(story, env);
    if (!done.ok) throw new Error(`seed ${seed} after step ${i}: ${JSON.stringify(done)}`);
  }
  story.views.dispose();
  return {
    seed,
    story: exportStory(story.doc),
    calls: env.model.calls,
    refused,
    answered,
    inCommand,
    selections,
    batch: input.settings?.batchReprojection === true,
    turnsAt,
    small,
  };
}

/** Small contexts counted exactly (smallContextEnv's), the actor's a little larger. */
function smallContexts(respond: (request: ChatRequest, n: number) => string) {
  const { env, model, exact } = smallContextEnv(SMALL_CONTEXT, respond);
  const actor: ChatModel = {
    ...model,
    limits: async () => ({
      contextTokens: SMALL_ACTOR_CONTEXT,
      source: 'server',
      countTokens: async (t: string) => exact(t),
    }),
  };
  return { ...env, models: { ...env.models, actor } };
}

/**
 * The env with dice: the program's seeded rolls, and an actor backend that takes tool calls and, when
 * offered the `roll` tool (the story's `characterDice`), rolls before it writes its turn about half
 * the time. The calls that only roll are not recorded; the request after one carries the call and
 * its answer, and is recorded as the actor's.
 */
function withDice<E extends DriverEnv>(env: E, seed: number): E {
  const rolls = mulberry32(seed ^ 0x51ed27);
  const actor = env.models.actor;
  const rolling: ChatModel = {
    ...actor,
    toolCalls: true,
    complete: async (request) => {
      const offered = request.tools?.some((t) => t.name === 'roll') === true;
      if (offered && request.messages.at(-1)?.role !== 'tool' && rolls.chance(0.5))
        return {
          ok: true,
          text: '',
          toolCalls: [
            { id: `roll-${request.messages.length}`, name: 'roll', arguments: '{"notation":"2d6"}' },
          ],
        };
      return actor.complete(request);
    },
  };
  return { ...env, random: seededRandom(seed), models: { ...env.models, actor: rolling } };
}

type Turn = StoryJson['turns'][number];
interface Entry {
  speaker: string;
  kind: 'own' | 'perceived' | 'nothing';
  text: string;
}

/** What a scene's requests are counted by: each kind, and what they carried. */
const noneSeen = () => ({
  batch: 0,
  project: 0,
  deferred: 0,
  actor: 0,
  selector: 0,
  nothingInActor: 0,
  chronicle: 0,
  suggest: 0,
  hint: 0,
  rolled: 0,
  noted: 0,
  known: 0,
  lore: 0,
});

/** Checks one scene; returns its problems (empty when every rule holds) and what it exercised. */
function checkScene(run: SceneRun) {
  const { story, calls, seed } = run;
  const problems: string[] = [];
  const fail = (msg: string) => problems.push(`seed ${seed}: ${msg}`);
  const byId = new Map(story.turns.map((t) => [t.id, t]));
  const path: Turn[] = [];
  for (let id = story.activeLeaf; id !== null; id = byId.get(id)?.parent ?? null)
    path.unshift(byId.get(id) as Turn);
  if (path.length !== story.turns.length)
    fail(`the story branched (${story.turns.length} turns, ${path.length} on the path)`);
  const nameOf = new Map(story.participants.map((p) => [p.id, p.name]));
  const idOf = new Map(story.participants.map((p) => [p.name, p.id]));
  const user = story.participants.find((p) => p.kind === 'user');
  const privateOf = new Map(story.participants.map((p) => [p.id, tokens(JSON.stringify(p.card ?? {}))]));
  const requiredCard = new Map(story.participants.map((p) => [p.id, `CANARY-CARD-${p.id}`]));
  const persona = tokens(user?.persona ?? '');
  const note = tokens(story.settings.authorNote ?? '');
  /** The lore whose books reach `who` (WP2): the world's and the story's, and its own (a character's, or the persona's for the user). */
  const loreOf = (who: string) =>
    new Set([
      'CANARY-LORE-world',
      'CANARY-LORE-story',
      who === user?.id ? 'CANARY-LORE-persona' : `CANARY-LORE-${who}`,
    ]);
  /** The world nodes a character knows (WK1): its own node and the place only it knows. */
  const worldOf = (who: string) => new Set([`CANARY-NODE-${who}`, `CANARY-PLACE-${who}`]);
  const projectionTokens = new Set(
    path.flatMap((t) => Object.values(t.pov).flatMap((r) => [...tokens(r.text)])),
  );
  const sourceTokens = new Set(path.flatMap((t) => [...tokens(t.source)]));

  // The stored story itself: every audience has a record, none for the author, <empty> never stored.
  for (const t of path) {
    if (t.pov[t.author]) fail(`turn ${t.id}: the author has a POV record of its own turn`);
    for (const a of t.audiences) {
      if (a === t.author) continue;
      const rec = t.pov[a];
      if (!rec) fail(`turn ${t.id}: no record for audience ${a}`);
      else if (rec.perceived ? !rec.text.trim() || rec.text.includes(EMPTY_SENTINEL) : rec.text !== '')
        fail(`turn ${t.id} → ${a}: bad record ${JSON.stringify(rec)}`);
    }
    for (const a of Object.keys(t.pov))
      if (!t.audiences.includes(a)) fail(`turn ${t.id}: a record for ${a}, not an audience`);
  }

  /** What `who` experienced before path index `upto`, from the stored story only. */
  const transcript = (who: string, upto: number): Entry[] =>
    path.slice(0, upto).flatMap((t): Entry[] => {
      if (!t.audiences.includes(who)) return [];
      if (t.author === who) return [{ speaker: who, kind: 'own', text: t.source }];
      const rec = t.pov[who];
      if (!rec) return [];
      return [{ speaker: t.author, kind: rec.perceived ? 'perceived' : 'nothing', text: rec.text }];
    });
  const knew = (who: string, upto: number) =>
    new Set(transcript(who, upto).flatMap((e) => [...tokens(e.text)]));
  const line = (e: Entry) => `${nameOf.get(e.speaker)}: ${e.kind === 'nothing' ? EMPTY_SENTINEL : e.text}`;

  /**
   * The transcript's lines appear in order, and its <empty> lines are exactly as many as its
   * no-perception records. At a small context a request shows a window (B3): a suffix of them, never
   * without the newest, found from the newest back.
   */
  const carriesHistory = (text: string, all: Entry[], what: string) => {
    let entries = all;
    if (run.small) {
      let end = text.length;
      let shown = 0;
      for (let j = all.length - 1; j >= 0; j--) {
        const l = line(all[j] as Entry);
        const found = end - l.length < 0 ? -1 : text.lastIndexOf(l, end - l.length);
        if (found < 0) break;
        end = found;
        shown++;
      }
      if (all.length && !shown) return fail(`${what} lacks its newest history line`);
      entries = all.slice(all.length - shown);
    }
    let at = 0;
    for (const e of entries) {
      const found = text.indexOf(line(e), at);
      if (found < 0)
        return fail(`${what} lacks (in order) its history line ${JSON.stringify(line(e).slice(0, 80))}`);
      at = found + line(e).length;
    }
    const emptyLines = text.split('\n').filter((l) => /^[^:\n]+: <empty>$/.test(l)).length;
    const nothing = entries.filter((e) => e.kind === 'nothing').length;
    if (emptyLines !== nothing)
      fail(`${what} has ${emptyLines} "<empty>" lines for ${nothing} no-perception records`);
  };
  const onlyAllowed = (text: string, allowed: Set<string>, what: string) => {
    for (const s of tokens(text))
      if (!allowed.has(s)) fail(`${what} carries ${s}, never perceived by its participant`);
  };
  /** The projected turn of a projection request: the one source its task message carries (by its unique secret). */
  const projectedTurn = (call: RecordedCall, what: string): number | undefined => {
    const task = call.messages[1]?.content ?? '';
    const inTask = tokens(task);
    const found = path.flatMap((t, i) =>
      [...tokens(t.source)].some((s) => inTask.has(s)) && task.includes(t.source) ? [i] : [],
    );
    const i = found[0];
    if (found.length !== 1 || i === undefined)
      return void fail(`${what}: carries ${found.length} sources in its task, not exactly one`);
    if (!task.includes(nameOf.get(path[i]?.author ?? '') ?? '?'))
      fail(`${what}: the speaker of turn ${path[i]?.id} is not named`);
    return i;
  };

  const perTurn = new Map<number, Array<{ kind: Kind; who: string[]; n: number }>>();
  const order: number[] = [];
  let selectorCalls = 0;
  const seen = noneSeen();
  for (const call of calls) {
    const kind = kindOfCall(call);
    const text = requestText(call);
    const what = `request ${call.n} (${kind})`;
    const turnsThen = run.turnsAt.get(call.n) ?? path.length;
    let turnIndex: number | undefined;
    // A retry never carries the refused answer itself: nobody perceived it. The one assistant
    // message a request may carry is the actor's own roll call, answered by the program (DI5).
    for (const m of call.messages.filter((m) => m.role === 'assistant')) {
      if (kind === 'actor' && m.toolCalls?.every((c) => c.name === 'roll') && !m.content) continue;
      fail(`${what} carries an assistant message: ${m.content.slice(0, 60)}`);
    }
    if (call.messages.some((m) => m.role === 'tool')) seen.rolled++;
    if (kind === 'selector') {
      seen.selector++;
      const expected = run.selections[selectorCalls];
      if (!isRetry(call)) selectorCalls++;
      const sel = isRetry(call) ? run.selections[selectorCalls - 1] : expected;
      for (const s of tokens(text)) {
        if (!sourceTokens.has(s)) fail(`${what} carries ${s}: a card, persona or projection secret`);
        if (projectionTokens.has(s) || persona.has(s) || /^CANARY-(CARD|FIRST)/.test(s))
          fail(`${what} carries private ${s}`);
      }
      const names = (call.response_format?.json_schema.schema as { properties: { next: { enum: string[] } } })
        .properties.next.enum;
      if (!sel) fail(`${what}: a selector call where none was needed`);
      else {
        if (JSON.stringify(names) !== JSON.stringify(sel.candidates))
          fail(`${what}: candidates ${names} instead of ${sel.candidates}`);
        // At a small context the chronology is a window too: its newest source at least.
        for (const t of run.small ? path.slice(0, sel.turnsBefore).slice(-1) : path.slice(0, sel.turnsBefore))
          if (!text.includes(t.source)) fail(`${what} lacks the source of turn ${t.id}`);
        for (const t of path.slice(sel.turnsBefore))
          if (text.includes(t.source)) fail(`${what} carries a later source ${t.id}`);
        turnIndex = sel.turnsBefore;
      }
      if (user && names.includes(user.name)) fail(`${what} offers the user`);
    } else if (kind === 'project') {
      seen.project++;
      const target = idOf.get(subjectOf(call) ?? '');
      const i = projectedTurn(call, what);
      if (i === undefined || target === undefined) {
        if (target === undefined) fail(`${what}: no known target`);
        continue;
      }
      turnIndex = i;
      const t = path[i] as Turn;
      // L1: on the way to a turn only the view the person reads it by; the others wait for the background.
      if (!run.inCommand.has(call.n)) seen.deferred++;
      else if (target !== user?.id) fail(`${what}: ${target}'s view requested by the command itself`);
      if (!t.audiences.includes(target) || t.author === target)
        fail(`${what}: ${target} is not a non-author audience of ${t.id}`);
      onlyAllowed(
        text,
        new Set([...knew(target, i), ...tokens(t.source), ...loreOf(target)]),
        `${what} for ${target} of turn ${t.id}`,
      );
      if (text.includes(`CANARY-LORE-${target === user?.id ? 'persona' : target}`)) seen.lore++;
      carriesHistory(
        call.messages[0]?.content ?? '',
        transcript(target, i),
        `${what} for ${target} of turn ${t.id}`,
      );
      (perTurn.get(i) ?? perTurn.set(i, []).get(i))?.push({ kind, who: [target], n: call.n });
    } else if (kind === 'batch') {
      seen.batch++;
      const names = (call.response_format?.json_schema.schema as { required: string[] }).required;
      const targets = names.map((n) => idOf.get(n) ?? `?${n}`);
      const i = projectedTurn(call, what);
      if (i === undefined) continue;
      if (run.inCommand.has(call.n)) fail(`${what}: a batch requested by the command itself`);
      turnIndex = i;
      const t = path[i] as Turn;
      // The user's view was written at once, alone (L1): the batch has the other audiences.
      const expected = t.audiences.filter((a) => a !== t.author && a !== user?.id);
      if ([...targets].sort().join() !== [...expected].sort().join())
        fail(`${what}: targets ${targets} instead of ${expected}`);
      const union = new Set([...tokens(t.source), ...targets.flatMap((a) => [...knew(a, i)])]);
      onlyAllowed(text, union, `${what} of turn ${t.id}`);
      // Each target's history is its own, in its own delimited block; nothing else carries history.
      const system = call.messages[0]?.content ?? '';
      const blocks = [...system.matchAll(/<story of="([^"]+)">\n([\s\S]*?)\n<\/story>/g)];
      if (blocks.map((b) => b[1]).join() !== names.join())
        fail(`${what}: history blocks ${blocks.map((b) => b[1])} for targets ${names}`);
      for (const b of blocks) {
        const who = idOf.get(b[1] ?? '') ?? '';
        onlyAllowed(b[2] ?? '', knew(who, i), `${what} block of ${b[1]}`);
        carriesHistory(b[2] ?? '', transcript(who, i), `${what} block of ${b[1]}`);
      }
      const outside = blocks.reduce((s, b) => s.replace(b[0], ''), text);
      onlyAllowed(outside, tokens(t.source), `${what} outside the history blocks`);
      (perTurn.get(i) ?? perTurn.set(i, []).get(i))?.push({ kind, who: targets, n: call.n });
    } else if (kind === 'chronicle') {
      // M1: only the participant's own transcript as it stood; no card, persona, note, world or lore.
      seen.chronicle++;
      const who = idOf.get(subjectOf(call) ?? '');
      if (who === undefined) {
        fail(`${what}: no known participant`);
        continue;
      }
      onlyAllowed(text, knew(who, turnsThen), `${what} for ${who}`);
    } else if (kind === 'suggest' || kind === 'hint') {
      // SU1, PH1: the user's own transcript and persona only.
      seen[kind]++;
      if (!user) continue;
      if (subjectOf(call) !== user.name) fail(`${what} is for ${subjectOf(call)}, not the user`);
      onlyAllowed(text, new Set([...knew(user.id, turnsThen), ...persona]), what);
      carriesHistory(text, transcript(user.id, turnsThen), what);
    } else {
      seen.actor++;
      const actor = idOf.get(subjectOf(call) ?? '');
      // A refused answer's request is the same request again: find the answer that was kept.
      const answered = calls.find(
        (c) =>
          c.n >= call.n &&
          !run.refused.has(c.n) &&
          kindOfCall(c) === 'actor' &&
          c.messages[0]?.content === call.messages[0]?.content,
      );
      const i = path.findIndex(
        (t) =>
          answered !== undefined && t.origin === 'generated' && tokens(t.source).has(`SAID-${answered.n}`),
      );
      if (actor === undefined || i < 0) {
        fail(`${what}: cannot tell which generated turn it made (actor ${subjectOf(call)})`);
        continue;
      }
      turnIndex = i;
      const t = path[i] as Turn;
      if (t.author !== actor) fail(`${what}: acts as ${actor} but turn ${t.id} is by ${t.author}`);
      const history = transcript(actor, i);
      const allowed = new Set([
        ...knew(actor, i),
        ...(privateOf.get(actor) ?? []),
        ...persona,
        ...note,
        ...worldOf(actor),
        ...loreOf(actor),
      ]);
      onlyAllowed(text, allowed, `${what} as ${actor} for turn ${t.id}`);
      for (const s of note) if (!text.includes(s)) fail(`${what} lacks the Author's Note`);
      if (note.size) seen.noted++;
      if (text.includes(`CANARY-NODE-${actor}`)) seen.known++;
      if (text.includes(`CANARY-LORE-${actor}`)) seen.lore++;
      carriesHistory(text, history, `${what} as ${actor} for turn ${t.id}`);
      if (!text.includes(requiredCard.get(actor) ?? '?')) fail(`${what} lacks ${actor}'s own card`);
      for (const s of persona) if (!text.includes(s)) fail(`${what} lacks the user's persona`);
      if (history.some((e) => e.kind === 'nothing')) {
        seen.nothingInActor++;
        if (!text.includes(EMPTY_SENTINEL)) fail(`${what} lacks <empty>`);
      }
      (perTurn.get(i) ?? perTurn.set(i, []).get(i))?.push({ kind, who: [actor], n: call.n });
    }
    if (turnIndex !== undefined) order.push(turnIndex);
  }
  if (selectorCalls !== run.selections.length)
    fail(`${selectorCalls} selector calls for ${run.selections.length} automatic choices among several`);
  // Steps happen one after another: no request about a turn comes after one about a later turn.
  for (let k = 1; k < order.length; k++)
    if ((order[k] as number) < (order[k - 1] as number))
      fail(`request order goes back from turn ${order[k - 1]} to ${order[k]}`);

  // The minimum (L6): one per other audience, one actor call per generated turn, one selector call
  // per automatic choice among several; plus one retry per refusal. The user's view is requested at
  // once and alone (L1); the background batches the other audiences of a turn when there are ≥ 2.
  let minimum = run.selections.length;
  for (const [i, t] of path.entries()) {
    const targets = t.audiences.filter((a) => a !== t.author);
    const reader = user && targets.includes(user.id) ? user.id : null;
    const others = targets.filter((a) => a !== reader);
    const batched = run.batch && others.length > 1;
    minimum += (reader ? 1 : 0) + (batched ? 1 : others.length) + (t.origin === 'generated' ? 1 : 0);
    const made = (perTurn.get(i) ?? []).filter(
      (r) => !isRetry(calls[r.n - 1] as RecordedCall) && r.kind !== 'actor',
    );
    // L1: the user's view first, alone, whether or not the story batches.
    if (reader && (made[0]?.kind !== 'project' || made[0].who.join() !== reader))
      fail(`turn ${t.id}: the user's view was not requested first, alone`);
    if (batched && made.slice(reader ? 1 : 0).some((r) => r.kind !== 'batch'))
      fail(`turn ${t.id}: isolated projections though the batch succeeded`);
  }
  // The chronicler's, the suggester's and the plot author's requests are not turns' and not counted.
  const counted = calls.filter((c) => !['chronicle', 'suggest', 'hint'].includes(kindOfCall(c))).length;
  if (counted !== minimum + run.refused.size)
    fail(`${counted} requests; the minimum is ${minimum} (+${run.refused.size} retries of refused answers)`);
  if (run.refused.size === 0 && counted !== minimum) fail(`${counted} requests for a minimum of ${minimum}`);
  const nothing = path.reduce((s, t) => s + Object.values(t.pov).filter((r) => !r.perceived).length, 0);
  return { problems, seen, nothing, turns: path.length, refused: run.refused.size };
}

describe('isolation over random scenes (canaries)', () => {
  it('[O1][O2][O3][O4][P5][P6][L1][L6][L8][M1][WK1][WP1][WP2][AN1][DI7][SU1][PH1] no request of any kind carries a canary its participant never perceived (200 seeded scenes)', async () => {
    const problems: string[] = [];
    const total = {
      ...noneSeen(),
      nothing: 0,
      turns: 0,
      refused: 0,
      cleanScenes: 0,
    };
    for (let seed = 1; seed <= SCENES; seed++) {
      const result = checkScene(await playScene(seed));
      problems.push(...result.problems);
      for (const k of Object.keys(result.seen) as Array<keyof typeof result.seen>) total[k] += result.seen[k];
      total.nothing += result.nothing;
      total.turns += result.turns;
      total.refused += result.refused;
      if (result.refused === 0) total.cleanScenes++;
    }
    expect(problems.slice(0, 25), `${problems.length} problems`).toEqual([]);
    // The property is not vacuous: every kind of request, no-perception records, refusals and clean scenes all occurred.
    expect(total.batch).toBeGreaterThan(50);
    expect(total.project).toBeGreaterThan(500);
    expect(total.deferred).toBeGreaterThan(1000);
    expect(total.actor).toBeGreaterThan(300);
    expect(total.selector).toBeGreaterThan(100);
    expect(total.nothingInActor).toBeGreaterThan(100);
    expect(total.nothing).toBeGreaterThan(200);
    expect(total.refused).toBeGreaterThan(20);
    expect(total.cleanScenes).toBeGreaterThan(50);
    // …and so did the chronicler, the suggester, the plot author, characters' rolls, the Author's Note,
    // each actor's own world node and lore from books of one participant.
    expect(total.chronicle).toBeGreaterThan(200);
    expect(total.suggest).toBeGreaterThan(15);
    expect(total.hint).toBeGreaterThan(15);
    expect(total.rolled).toBeGreaterThan(50);
    expect(total.noted).toBeGreaterThan(300);
    expect(total.known).toBe(total.actor);
    expect(total.lore).toBeGreaterThan(1000);
    // Under 20 s of CPU; the bound leaves room for a loaded machine.
  }, 90_000);
});
