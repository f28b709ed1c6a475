// What a server is told so that it keeps each participant's prompt. The driver names whose prompt a
// request is (`cacheKey`: one participant of one story, or its selector) and marks where the beginning
// that participant's requests share ends (`sharedUpTo`); each server is told that in its own terms, and
// only the servers known to take a field are sent it (a strict server refuses what it does not know).
import type { ChatRequest } from '../../driver/model.ts';
import { ServerKind, type ServerContext } from './server-context.ts';

/** A llama.cpp slot given to one request; `release` once, when the request is over. */
export interface HeldSlot {
  slot: number;
  release(): void;
}

/**
 * llama.cpp's slots given out to keys: a key keeps its slot while it is used, a new key takes the one
 * used least recently, an idle one before a busy one. Sent as `id_slot`, so one participant's requests
 * land where its prompt is kept (left to itself, the server picks a slot by similarity, and the
 * person's reply evicts a character's). The server makes a request for a busy slot wait for it, so a
 * new key is not sent behind a long answer while another slot is free.
 */
export interface SlotTable {
  /**
   * A slot for a request of `key` whose prompt is `size` characters long. A `guest` (the selector, a
   * batch: no participant's prompt) borrows the idle slot whose prompt is the shortest to read again
   * once every slot is taken, and leaves it to its key: a key taking it would push that participant to
   * another's slot, and that one to a third's.
   */
  hold(key: string, slots: number, prompt: { size: number; guest: boolean }): HeldSlot;
}

interface SlotEntry {
  /** The key whose prompt the slot keeps. */
  key: string;
  /** When it was last taken or let go (the table's own clock). */
  used: number;
  /** Requests in it now. */
  busy: number;
  /** The length of the last prompt its key sent there: what a guest would make it read again. */
  size: number;
}

/** Whether slot `a` is the better one to give a new key than `b`: idle first, then used least recently. */
const givesBefore = (a: SlotEntry, b: SlotEntry): boolean =>
  a.busy > 0 !== b.busy > 0 ? a.busy === 0 : a.used < b.used;

export function createSlotTable(): SlotTable {
  const table: SlotEntry[] = [];
  let clock = 0;
  /** A slot never used (nothing kept there to lose), else the best to give by `givesBefore`. */
  const slotToGive = (slots: number): number => {
    let best = 0;
    for (let i = 0; i < slots; i++) {
      const entry = table[i];
      if (!entry) return i;
      if (givesBefore(entry, table[best] as SlotEntry)) best = i;
    }
    return best;
  };
  return {
    hold(key, slots, prompt) {
      let slot = table.findIndex((entry, i) => i < slots && entry.key === key);
      const full = table.length >= slots;
      if (slot < 0 && prompt.guest && full) {
        const host = table.slice(0, slots).reduce((best, entry, i) => {
          const held = table[best] as SlotEntry;
          return (entry.busy === 0) !== (held.busy === 0)
            ? entry.busy === 0
              ? i
              : best
            : entry.size < held.size
              ? i
              : best;
        }, 0);
        const borrowed = table[host] as SlotEntry;
        borrowed.busy++;
        return { slot: host, release: () => void borrowed.busy-- };
      }
      if (slot < 0) {
        slot = slotToGive(slots);
        // The slot's entry is kept, not replaced: a request still in it releases this same entry.
        const taken = table[slot];
        if (taken) taken.key = key;
        else table[slot] = { key, used: 0, busy: 0, size: 0 };
      }
      const entry = table[slot] as SlotEntry;
      entry.size = prompt.size;
      entry.used = ++clock;
      entry.busy++;
      return {
        slot,
        release() {
          entry.busy--;
          entry.used = ++clock;
        },
      };
    },
  };
}

/** Where the server is and what it said of itself. */
export interface CacheTarget {
  baseURL: string;
  model: string;
  server: ServerContext;
}

const hostOf = (baseURL: string): string => {
  try {
    return new URL(baseURL).hostname;
  } catch {
    return '';
  }
};

/** OpenAI's own API routes a request by `prompt_cache_key` to where that key's prompts are kept. */
const isOpenAI = (target: CacheTarget) => hostOf(target.baseURL) === 'api.openai.com';

/**
 * Anthropic's models cache only where a content block says `cache_control`; OpenRouter (known by its
 * host, or by its model list) passes it on.
 */
const marksBreakpoints = (target: CacheTarget) =>
  (hostOf(target.baseURL) === 'openrouter.ai' || target.server.server === ServerKind.openRouter) &&
  target.model.startsWith('anthropic/');

/** A slot of its own for the request, when llama.cpp has several and the request names whose it is. */
export function holdSlot(
  target: CacheTarget,
  request: Pick<ChatRequest, 'cacheKey' | 'cacheGuest' | 'messages'>,
  slots: SlotTable,
): HeldSlot | undefined {
  const count = target.server.slots ?? 1;
  if (target.server.server !== ServerKind.llamaCpp || count <= 1 || !request.cacheKey) return undefined;
  const size = request.messages.reduce((n, m) => n + m.content.length, 0);
  return slots.hold(request.cacheKey, count, { size, guest: request.cacheGuest === true });
}

/** The fields of the request body that tell the server what to keep (`slot`: from `holdSlot`). */
export function cacheFields(
  target: CacheTarget,
  request: Pick<ChatRequest, 'cacheKey'>,
  slot?: number,
): Record<string, unknown> {
  if (target.server.server === ServerKind.llamaCpp) {
    return {
      // Off by default before late 2024 (llama.cpp PR 10501): without it the slot reuses no prompt.
      cache_prompt: true,
      ...(slot !== undefined ? { id_slot: slot } : {}),
    };
  }
  if (isOpenAI(target) && request.cacheKey) return { prompt_cache_key: request.cacheKey };
  return {};
}

type TextPart = { type: 'text'; text: string; cache_control?: { type: 'ephemeral' } };

/**
 * The messages' content as the server is sent it: for a server that caches only where it is told, the
 * message that holds the shared beginning is split there, its first part marked to be kept.
 */
export function cacheContent(
  target: CacheTarget,
  messages: ChatRequest['messages'],
): Array<string | TextPart[]> {
  const mark = marksBreakpoints(target);
  return messages.map((m) => {
    const at = m.sharedUpTo;
    if (!mark || at === undefined || at <= 0 || at > m.content.length) return m.content;
    const rest = m.content.slice(at);
    return [
      { type: 'text', text: m.content.slice(0, at), cache_control: { type: 'ephemeral' } },
      ...(rest ? [{ type: 'text' as const, text: rest }] : []),
    ];
  });
}
