// What the request benchmarks share: which operation a request to the local server is and for whom
// (its audience), a request's serialized messages, and prefix reuse — the share of a request's
// serialized messages that is a byte-identical prefix of the previous request of the same operation
// for the same audience, as ../shared/tools/scene-check/check-scene.mjs and check-long.mjs compute it.
import type { ChatBody } from '../support/openai-server.ts';

export type Op = 'selector' | 'project' | 'batch' | 'actor' | 'chronicle';

export interface Classified {
  op: Op;
  /** projection: the target; actor: the actor; batch: the target set; chronicle: its participant. */
  audience: string;
  /** selector: the candidates; projection and batch: the targets; chronicle: the names it may cite. */
  targets: string[];
}

interface Format {
  json_schema?: {
    name?: string;
    schema?: {
      required?: string[];
      properties?: Record<
        string,
        { enum?: string[]; items?: { properties?: Record<string, { enum?: string[] }> } }
      >;
    };
  };
}

export function classify(body: ChatBody): Classified {
  const system = body.messages[0]?.content ?? '';
  const format = (body.response_format as Format | undefined)?.json_schema;
  const properties = format?.schema?.properties;
  if (format?.name === 'next_actor')
    return { op: 'selector', audience: '', targets: properties?.next?.enum ?? [] };
  if (format?.name === 'projections') {
    const targets = format.schema?.required ?? [];
    return { op: 'batch', audience: [...targets].sort().join(','), targets };
  }
  if (format?.name === 'chronicle') {
    const who = /^You keep (.+?)'s memory/.exec(system)?.[1];
    if (who === undefined) throw new Error(`a chronicle request for nobody: ${system.slice(0, 80)}`);
    const names = properties?.changes?.items?.properties?.subject?.enum ?? [];
    return { op: 'chronicle', audience: who, targets: names };
  }
  const target = /into what (.+?) perceives of it/.exec(system)?.[1];
  if (target !== undefined) return { op: 'project', audience: target, targets: [target] };
  const actor = /^You are (.+?) in a roleplay/.exec(system)?.[1];
  if (actor !== undefined) return { op: 'actor', audience: actor, targets: [] };
  throw new Error(`an unrecognised request: ${system.slice(0, 80)}`);
}

/** A request's messages as one text: `role\ncontent`, joined by '\n'. */
export const serialise = (body: ChatBody): string =>
  body.messages.map((m) => `${m.role}\n${m.content}`).join('\n');

/** The length of the longest common prefix of two texts, in UTF-16 code units. */
export function commonPrefix(a: string, b: string): number {
  const m = Math.min(a.length, b.length);
  let i = 0;
  while (i < m && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

export interface Reuse {
  /** The share of this request's text that is a prefix of the previous one of its key. */
  share: number;
  /** That prefix's length. */
  common: number;
  previous: string;
}

/** Remembers the last request per key (`op:audience`) and measures each new one against it. */
export function prefixTracker() {
  const last = new Map<string, string>();
  return {
    /** The reuse of `text` against the previous text under `key` (undefined for the first); keeps `text`. */
    next(key: string, text: string): Reuse | undefined {
      const previous = last.get(key);
      last.set(key, text);
      if (previous === undefined) return undefined;
      const common = commonPrefix(previous, text);
      return { share: common / text.length, common, previous };
    },
  };
}
