// The text one entry is matched against in one pass: the newest messages of the participant's window
// (as many as its scan depth) and, in recursive passes, the content of entries fired before.
import type { LoreRef } from './reasons.ts';

/**
 * Each message starts with this character, as in SillyTavern's scan buffer, so a regex key can tell
 * where one message ends and who spoke: `/\x01Mara:[^\x01]*?hello/` is Mara saying hello.
 */
export const MESSAGE_START = '\u0001';

export interface ScanText {
  /** The window part; null when the scan depth is 0. */
  window: string | null;
  /** Content of fired entries, in the order they fired (empty in the first pass). */
  recursion: ReadonlyArray<{ by: LoreRef; text: string }>;
}

/** The last `depth` messages, oldest first, each trimmed and opened by MESSAGE_START. */
export function windowText(messages: readonly string[], depth: number): string | null {
  if (depth <= 0 || messages.length === 0) return null;
  return messages
    .slice(-depth)
    .map((message) => MESSAGE_START + message.trim())
    .join('\n');
}

/** A memo of windowText over one scan's messages: entries share the few depths they use. */
export function createWindowTexts(messages: readonly string[]): (depth: number) => string | null {
  const byDepth = new Map<number, string | null>();
  return (depth) => {
    if (!byDepth.has(depth)) byDepth.set(depth, windowText(messages, depth));
    return byDepth.get(depth) ?? null;
  };
}
