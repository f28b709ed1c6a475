// Removes a leading <think>…</think> block (reasoning models such as Qwen3 or DeepSeek-R1 write
// one) from an answer, whole or streamed, so validation and the story only ever see the answer.

const OPEN = '<think>';
const CLOSE = '</think>';
const LEADING_BLOCK = /^\s*<think>[\s\S]*?<\/think>\s*/;

/** The answer without its leading thinking block; '' when the answer was cut off mid-thought. */
export function stripThinking(text: string): string {
  const block = LEADING_BLOCK.exec(text);
  if (block) return text.slice(block[0].length);
  return /^\s*<think>/.test(text) ? '' : text;
}

export interface ThinkingFilter {
  /** Takes a streamed piece; returns the part of the answer that can be shown now (maybe ''). */
  push(delta: string): string;
  /** At the end of the stream: whatever was held back and is answer after all. */
  flush(): string;
}

/**
 * Streamed counterpart of stripThinking: the concatenation of everything push and flush return
 * equals stripThinking of the whole text.
 */
export function createThinkingFilter(): ThinkingFilter {
  let state: 'undecided' | 'thinking' | 'after' | 'answer' = 'undecided';
  let held = '';

  const push = (delta: string): string => {
    if (state === 'answer') return delta;
    held += delta;
    if (state === 'undecided') {
      const start = held.trimStart();
      if (start.length < OPEN.length && OPEN.startsWith(start)) return '';
      if (!start.startsWith(OPEN)) {
        state = 'answer';
        const out = held;
        held = '';
        return out;
      }
      state = 'thinking';
    }
    if (state === 'thinking') {
      const end = held.indexOf(CLOSE);
      if (end < 0) return '';
      held = held.slice(end + CLOSE.length);
      state = 'after';
    }
    // After the block: drop the whitespace that separates it from the answer.
    const rest = held.trimStart();
    held = '';
    if (!rest) return '';
    state = 'answer';
    return rest;
  };

  return {
    push,
    flush() {
      const out = state === 'undecided' ? held : '';
      held = '';
      return out;
    },
  };
}
