// What a participant is told of itself beyond its window, at the tail of its own requests: how things
// stand as far as it knows (its state, reduced from its own chronicle), the memories and events that
// come back to it now (M6, M11) and what it is not sure of, within a token room. Built from data:
// every sentence goes through tr().
import type { StateDomain } from '../doc/chronicle.ts';
import type { Language } from '../doc/schema.ts';
import type { Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import { estimateTokens } from '../budget/tokens.ts';
import type { Commit, PathIndex, State } from './chronicle-view.ts';
import { chronicleOnPath, type ChronicleOnPath } from './chronicle-on-path.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { rankMemories, recall } from './recall.ts';

/** The window's newest turns that say what is relevant now. */
const QUERY_TURNS = 3;

function domainLabel(domain: StateDomain, language: Language): string {
  switch (domain) {
    case 'appearance':
      return tr(language, 'appearance');
    case 'location':
      return tr(language, 'whereabouts');
    case 'inventory':
      return tr(language, 'belongings');
    case 'conditions':
      return tr(language, 'condition');
    case 'relationship':
      return tr(language, 'relationship');
    case 'knowledge':
      return tr(language, 'knows');
    case 'goals':
      return tr(language, 'wants');
    default:
      return domain satisfies never;
  }
}

function stateLines(state: State, nameOf: (id: string) => string, language: Language): string[] {
  return Object.entries(state).flatMap(([subject, domains]) =>
    Object.entries(domains).map(([domain, value]) =>
      tr(language, '- {name}, {aspect}: {value}', {
        name: nameOf(subject),
        aspect: domainLabel(domain as StateDomain, language),
        value,
      }),
    ),
  );
}

export interface RememberedInput {
  story: Story;
  who: string;
  /** `who`'s transcript through the request's leaf, and where its window starts in it. */
  transcript: readonly TranscriptEntry[];
  windowStart: number;
  index: PathIndex;
  /** Estimated tokens the block may take. */
  room: number;
}

export interface Remembered {
  /** The whole block, or '' when there is nothing to tell (the prompt then drops its line). */
  text: string;
  /** Its parts, for the inspector's itemisation. */
  state: string;
  memories: string;
  /** Its chronicle's commits on the path, read once here for whatever else the request tells from them. */
  commits: readonly Commit[];
}

const NOTHING: Remembered = { text: '', state: '', memories: '', commits: [] };

export function rememberedBlock({
  story,
  who,
  transcript,
  windowStart,
  index,
  room,
}: RememberedInput): Remembered {
  const language = story.views.meta().language;
  const { nameOf } = story.views.cast();
  const chronicle = story.views.chronicle(who);
  if (!chronicle.entries.length && !chronicle.memoryEdits.length && !chronicle.corrections.length)
    return NOTHING;
  const onPath = chronicleOnPath(chronicle, index, transcript);
  const state = stateLines(onPath.state, nameOf, language);
  let stateBlock = '';
  if (state.length) {
    const block = [tr(language, 'How things stand, as far as you know:'), ...state].join('\n');
    if (estimateTokens(block) <= room) stateBlock = block;
  }
  const used = estimateTokens(stateBlock);
  const window = transcript.slice(windowStart);
  const query = window
    .slice(-QUERY_TURNS)
    .map((e) => e.text)
    .join(' ');
  const now = index.get(transcript.at(-1)?.turnId ?? '') ?? 0;
  const heading = tr(language, 'What you remember of earlier turns:');
  const line = (text: string) => tr(language, '- {memory}', { memory: text });
  // A memory chronicled ahead of its turns leaving the window (chronicle.ts) is told once the first of
  // them has left (the chronicler may have read one turn more than the window dropped); one the person
  // added is theirs to tell at once.
  const shownFrom = index.get(window[0]?.turnId ?? '') ?? Infinity;
  const added = new Set(chronicle.memoryEdits.flatMap((e) => (e.kind === 'added' ? [e.memory.id] : [])));
  const readFrom = new Map(
    onPath.fresh.flatMap(({ entry }) =>
      [...entry.memories, ...entry.events].map(
        (m) => [m.id, index.get(entry.turns[0] ?? '') ?? Infinity] as const,
      ),
    ),
  );
  const chosen = recall(
    rankMemories(
      [...onPath.memories, ...onPath.events].filter(
        (m) => (readFrom.get(m.memory.id) ?? m.at) < shownFrom || added.has(m.memory.id),
      ),
      query,
      now,
    ),
    room - used - estimateTokens(heading) - 2,
    (m) => estimateTokens(line(m.text)) + 1,
  );
  const memories = chosen.length ? [heading, ...chosen.map((r) => line(r.memory.text))].join('\n') : '';
  const unsure = unsureBlock(onPath.fresh, room - used - estimateTokens(memories), language);
  const recalled = [memories, unsure].filter(Boolean).join('\n\n');
  return {
    text: [stateBlock, recalled].filter(Boolean).join('\n\n'),
    state: stateBlock,
    memories: recalled,
    commits: onPath.commits,
  };
}

/** How many of its latest uncertainties a participant is told: what it is not sure of, beside what it remembers. */
const UNSURE_TOLD = 3;

/** The latest things its chronicle noted it is unsure of, within `room`; '' when none (or no room). */
function unsureBlock(fresh: ChronicleOnPath['fresh'], room: number, language: Language): string {
  const latest = fresh.flatMap(({ entry }) => entry.uncertainties.map((u) => u.text)).slice(-UNSURE_TOLD);
  if (!latest.length) return '';
  const block = [
    tr(language, 'What you are not sure of:'),
    ...latest.map((text) => tr(language, '- {memory}', { memory: text })),
  ].join('\n');
  return estimateTokens(block) <= room ? block : '';
}

/** How many of its memories a projector is told of the audience: enough to name people it knows. */
const KNOWN_MEMORIES = 3;

/**
 * For the projector, at its tail: a few of the audience's own memories and events, the ones most
 * relevant to the new source (`query`), so the perception names people as the audience knows them.
 * '' when none.
 */
export function knownBlock(input: {
  story: Story;
  who: string;
  transcript: readonly TranscriptEntry[];
  index: PathIndex;
  query: string;
  room: number;
}): string {
  const { story, who, transcript, index, query, room } = input;
  const language = story.views.meta().language;
  const onPath = chronicleOnPath(story.views.chronicle(who), index, transcript);
  const memories = [...onPath.memories, ...onPath.events];
  if (!memories.length) return '';
  const now = index.get(transcript.at(-1)?.turnId ?? '') ?? 0;
  const heading = tr(
    language,
    'What {name} remembers, to tell who is who (never write it as perceived now):',
    {
      name: story.views.cast().nameOf(who),
    },
  );
  const line = (text: string) => tr(language, '- {memory}', { memory: text });
  const ranked = rankMemories(memories, query, now).slice(0, KNOWN_MEMORIES);
  const chosen = recall(ranked, room - estimateTokens(heading) - 2, (m) => estimateTokens(line(m.text)) + 1);
  return chosen.length ? [heading, ...chosen.map((r) => line(r.memory.text))].join('\n') : '';
}
