// What every request made for one participant begins with, whatever it asks (act, perceive, remember,
// suggest): the rules common to every request of the story (the selector's too), then the window of
// that participant's own story. Byte for byte the same across its operations, so a server that keeps
// the prompt of one reuses it for the next, and the common rules across participants; the operation's
// own rules follow the window, and what it asks now is the last message.
import type { Language } from '../doc/schema.ts';
import type { DriverEnv, Story } from '../env.ts';
import type { ChatMessage } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { historyText } from '../views/transcript-text.ts';

/**
 * The system message of `name`'s requests: the common rules and the window `history` (from entry
 * `start`), then the operation's own `rules`.
 */
export function povMessage(
  env: DriverEnv,
  language: Language,
  name: string,
  history: readonly string[],
  start: number,
  rules: string,
): ChatMessage {
  const pov = joinParts(
    commonRules(env, language),
    renderPrompt(env.prompts, language, 'roleplay/point-of-view', {
      name,
      history: historyText(history, start, language),
    }),
  );
  return { role: 'system', content: joinParts(pov, rules), sharedUpTo: pov.length };
}

/**
 * How many prompts a story keeps a server busy with: one per present participant (a server keeping
 * fewer reads windows again as the point of view changes: `RequestBudget.shortWindows`).
 */
export const promptsOf = (story: Story): number =>
  story.views.cast().participants.filter((p) => p.present).length;

/** The key of `who`'s requests in a story: a server that keeps prompts keeps theirs together. */
export const cacheKeyOf = (story: Story, who: string): string => `${story.doc.guid}:${who}`;

/** The rules every request of a story begins with, whoever it is for (`roleplay/common-rules`). */
export const commonRules = (env: DriverEnv, language: Language): string =>
  renderPrompt(env.prompts, language, 'roleplay/common-rules', {});

/** Parts of one message, a blank line between them; an empty part is left out. */
export const joinParts = (...parts: readonly string[]): string => parts.filter(Boolean).join('\n\n');
