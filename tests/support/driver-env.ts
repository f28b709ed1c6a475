// A DriverEnv for driver tests: shipped prompts, a deterministic clock and ids, and one scripted
// model for every operation, plus a classifier that tells which operation a recorded request was.
import type { DriverEnv, DriverResult, Story } from '../../src/driver/env.ts';
import { completeStory } from '../../src/driver/turns/background.ts';
import type { ChatModel, ChatRequest } from '../../src/driver/model.ts';
import { estimateTokens } from '../../src/driver/budget/tokens.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import {
  createScriptedModel,
  type Respond,
  type ScriptedModel,
  type RecordedCall,
} from './scripted-model.ts';

export type RequestKind = 'selector' | 'project' | 'batch' | 'actor' | 'chronicle';

export function kindOf(request: Pick<ChatRequest, 'messages' | 'response_format'>): RequestKind {
  const name = request.response_format?.json_schema.name;
  if (name === 'next_actor') return 'selector';
  if (name === 'projections') return 'batch';
  if (name === 'chronicle') return 'chronicle';
  const system = request.messages[0]?.content ?? '';
  // The projector's own rules follow the audience's window (point-of-view.ts).
  if (/'s perception filter/.test(system)) return 'project';
  return 'actor';
}

/** Whom a request is for: the participant whose point of view it begins with (the selector's: none). */
export function subjectOf(call: Pick<ChatRequest, 'messages'>): string | undefined {
  const system = call.messages[0]?.content ?? '';
  return /This request is for (.+?)\. /.exec(system)?.[1];
}

/** The window a participant's request shows: its story so far, between the point of view and the rules after it. */
export function windowOf(call: Pick<ChatRequest, 'messages'>): string {
  const system = call.messages[0]?.content ?? '';
  const from = system.indexOf('point of view (');
  const start = from < 0 ? -1 : system.indexOf(':\n\n', from);
  if (start < 0) return '';
  const rest = system.slice(start + 3);
  const end = rest.search(/\n\n(Now |You keep |You suggest |You are the plot author)/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** What the background writes after a command (the views that did not have to wait, memories): done now. */
export async function completeBackground(story: Story, env: DriverEnv): Promise<DriverResult> {
  return completeStory(story, env);
}

export function makeEnv(
  respond: Respond,
  extra: Partial<DriverEnv> = {},
): DriverEnv & { model: ScriptedModel } {
  const model = createScriptedModel(respond);
  let t = Date.UTC(2025, 0, 1);
  let id = 0;
  return {
    model,
    models: { selector: model, projector: model, actor: model },
    prompts: shippedPrompts(),
    clock: () => (t += 1000),
    newId: () => `g${++id}`,
    ...extra,
  };
}

/** A change's value in its quote's own words (M9): the quote's first three. */
const wordsOf = (quote: string) => quote.split(/\s+/).slice(0, 3).join(' ');

/**
 * A chronicler's answer as a careful model would give it: one memory, and an event and a change that
 * quote the stretch it records (the oldest turn its window shows, after the speaker's name).
 */
export function chronicleAnswer(request: Pick<ChatRequest, 'messages'>, n: number): string {
  const stretch =
    windowOf(request)
      .split('\n\n')
      .find((l) => /^[^:\n]{1,40}: /.test(l)) ?? '';
  const quote = stretch.slice(stretch.indexOf(': ') + 2).slice(0, 40);
  const names =
    /The people are: (.+?)\. Answer/.exec(request.messages.at(-1)?.content ?? '')?.[1]?.split(', ') ?? [];
  return JSON.stringify({
    memories: [{ text: `You remember this stretch (chronicle ${n}).`, importance: 5 }],
    events: quote ? [{ text: `Something happened (chronicle ${n}).`, evidence: quote }] : [],
    changes:
      quote && names[0]
        ? [{ subject: names[0], domain: 'location', value: wordsOf(quote), evidence: quote }]
        : [],
    uncertainties: [],
  });
}

/**
 * An env whose one scripted backend has a small context and counts tokens exactly, at 1.6 times the
 * estimate (more than it guesses): windows move and the chronicler runs within a few turns.
 */
export function smallContextEnv(context: number, respond: Respond, extra: Partial<DriverEnv> = {}) {
  const env = makeEnv(respond, extra);
  const exact = (text: string) => Math.ceil(estimateTokens(text) * 1.6);
  const model: ChatModel & { calls: RecordedCall[] } = {
    calls: env.model.calls,
    complete: (request) => env.model.complete(request),
    limits: async () => ({ contextTokens: context, source: 'server', countTokens: async (t) => exact(t) }),
  };
  return { env: { ...env, models: { selector: model, projector: model, actor: model } }, model, exact };
}
