// The Chinese catalogue of what a reader is told of a point of view (story-json/markdown.ts): a
// perception not written yet, in the reader's words. Spread into MESSAGES_ZH; tests/unit/messages.test.ts
// keeps it complete and in use.
import type { Messages } from './translate.ts';

export const POV_ZH: Messages = {
  '(what was perceived of this turn is not written yet)': '（对这个回合的感知尚未写出）',
};
