// What a request that made a turn or a view was given, stored with it for the inspector ("what X was
// given", like SillyTavern's prompt itemisation): each part's tokens against the budget, and which
// stretch of the history the window held. The request's full text is not stored (it is most of the
// story again); the inspector rebuilds it on demand.
import { z } from 'zod';

export const RequestPart = {
  instructions: 'instructions',
  card: 'card',
  persona: 'persona',
  history: 'history',
  memories: 'memories',
  state: 'state',
  known: 'known',
  source: 'source',
  task: 'task',
  world: 'world',
  lore: 'lore',
} as const;
export type RequestPart = (typeof RequestPart)[keyof typeof RequestPart];

/** An itemisation as the inspector reads it. */
export interface Given {
  context: number;
  maxTokens: number;
  /** Where the context length came from: the server, the person's setting, the model's record, or assumed. */
  source: 'server' | 'setting' | 'record' | 'assumed';
  parts: Array<{ part: RequestPart; tokens: number }>;
  /** The whole prompt's tokens: counted by the backend when `exact`, else the calibrated estimate. */
  promptTokens: number;
  exact: boolean;
  /** The window: index of the first entry of the participant's transcript it held, and how many. */
  window: { start: number; entries: number };
  /** One request for several audiences (batched projection). */
  batch?: boolean;
  /** The lore entries the request held (`lore/…` keys: book and entry), fired fresh or carried by sticky. */
  lore?: FiredLore;
  /**
   * What the server said of the answer's prompt, when it said: its tokens, and how many of them it took
   * from a prompt it kept (`cachedTokens`) rather than computing them.
   */
  served?: Served;
}

export interface Served {
  promptTokens: number;
  cachedTokens: number;
}

/** Which lore entries a request held: what its participant's later scans read their timed effects from. */
export const firedLoreSchema = z.object({
  fresh: z.array(z.string().min(1).max(500)).max(1000).default([]),
  carried: z.array(z.string().min(1).max(500)).max(1000).default([]),
});
export type FiredLore = z.infer<typeof firedLoreSchema>;

/** A stored fired-lore record, or undefined when absent or malformed. */
export function readFiredLore(value: unknown): FiredLore | undefined {
  const parsed = firedLoreSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const PARTS = Object.values(RequestPart);
/** The parts an itemisation of format 1 held (before worlds and lore). */
const PARTS_V1 = PARTS.length - 2;
const SOURCES = ['server', 'setting', 'record', 'assumed'] as const;

/**
 * How an itemisation is stored: one flat array of numbers — a format version, the context, max_tokens,
 * where the context came from, the prompt's tokens, exact, the window, batch, then each part's tokens
 * in RequestPart order — about a quarter of the bytes of the object, since every turn and view has one.
 * Format 2 added the world and lore parts; a format 1 record reads as one with none. Format 3 adds what
 * the server said of the prompt (its tokens and the cached ones; 0 and 0 when it said nothing).
 */
const storedSchema = z
  .array(z.number().int().min(0))
  .refine(
    (a) =>
      ((a[0] === 1 && a.length === 9 + PARTS_V1) ||
        (a[0] === 2 && a.length === 9 + PARTS.length) ||
        (a[0] === 3 && a.length === 11 + PARTS.length)) &&
      (a[3] as number) < SOURCES.length,
  );

export function storedGiven(g: Given): number[] {
  const tokens = new Map(g.parts.map((p) => [p.part, p.tokens]));
  return [
    3,
    g.context,
    g.maxTokens,
    SOURCES.indexOf(g.source),
    g.promptTokens,
    g.exact ? 1 : 0,
    g.window.start,
    g.window.entries,
    g.batch ? 1 : 0,
    ...PARTS.map((p) => tokens.get(p) ?? 0),
    g.served?.promptTokens ?? 0,
    g.served?.cachedTokens ?? 0,
  ];
}

/** A stored itemisation (and the lore it held), or undefined when absent or malformed (synced data is untrusted). */
export function readGiven(value: unknown, lore?: unknown): Given | undefined {
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const [version, context, maxTokens, source, promptTokens, exact, start, entries, batch, ...rest] =
    parsed.data as [number, number, number, number, number, number, number, number, number, ...number[]];
  const tokens = rest.slice(0, version === 1 ? PARTS_V1 : PARTS.length);
  const [servedPrompt = 0, cachedTokens = 0] = version === 3 ? rest.slice(PARTS.length) : [];
  const fired = readFiredLore(lore);
  return {
    context,
    maxTokens,
    source: SOURCES[source] as Given['source'],
    parts: PARTS.flatMap((part, i) =>
      part === 'instructions' || (tokens[i] ?? 0) > 0 ? [{ part, tokens: tokens[i] ?? 0 }] : [],
    ),
    promptTokens,
    exact: exact === 1,
    window: { start, entries },
    ...(batch === 1 ? { batch: true } : {}),
    ...(fired ? { lore: fired } : {}),
    ...(servedPrompt > 0 ? { served: { promptTokens: servedPrompt, cachedTokens } } : {}),
  };
}
