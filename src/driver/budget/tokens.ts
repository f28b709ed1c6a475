// A quick, deliberately generous count of a text's tokens, for the windows and budgets: about one
// token per CJK character and one per 3.5 other characters, plus a few per message for the chat
// template. Real tokenizers usually count fewer; the gauge (token-gauge.ts) learns by how much from
// what servers report, and an exact count replaces it where the backend has one.
import type { ChatMessage } from '../model.ts';

/** Characters of Latin, Cyrillic… text per token: below the usual ~4, so the estimate errs high. */
const CHARS_PER_TOKEN = 3.5;
/** What a chat template adds around each message (role markers, separators). */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** What a request adds besides its messages (the assistant's opening, the fields a server counts). */
export const REQUEST_OVERHEAD_TOKENS = 8;

/** Han, kana, Hangul and full-width forms: each is about a token, or more, in common tokenizers. */
function isWide(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xffef) ||
    (code >= 0x20000 && code <= 0x3134f)
  );
}

export function estimateTokens(text: string): number {
  let wide = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character: count it at its high half, skip the low one.
    if (code >= 0xd800 && code <= 0xdbff) {
      const full = text.codePointAt(i) as number;
      if (isWide(full)) wide++;
      else other++;
      i++;
    } else if (isWide(code)) wide++;
    else other++;
  }
  return Math.ceil(wide + other / CHARS_PER_TOKEN);
}

/** The estimate of a whole request's prompt. */
export function estimateMessages(messages: readonly ChatMessage[]): number {
  return (
    REQUEST_OVERHEAD_TOKENS +
    messages.reduce((n, m) => n + MESSAGE_OVERHEAD_TOKENS + estimateTokens(m.content), 0)
  );
}
