// One turn of an assistant chat: the person's message is stored, the chat goes to the model with its
// tools, read tools answer at once, write tools become proposals (applied at once only in automatic
// mode), results go back, until the model answers without calls or the step cap. A reply cut by the
// response limit is steered once by import/cut-off to finish its pending action or summarise; cut
// again, it is stored marked as cut — never silently. Each step is fitted into the model's context
// (chat-fit.ts: the oldest exchanges give way first). Stopped by the person (the signal), what had
// come of the reply is stored marked as stopped. A server that refuses `tools` gets the step again as
// the JSON fallback. A turn without text answers the chat's last message, left unanswered by a failed call.
import type * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import {
  ProposalStatus,
  appendToAssistantChat,
  readAssistantChat,
  type AssistantChat,
  type ChatMessageRecord,
  type Proposal,
} from '../doc/assistant-chats.ts';
import {
  ModelFailureCode,
  type ChatMessage,
  type ChatModel,
  type ModelFailure,
  type ToolCall,
} from '../model.ts';
import { renderPrompt, type PromptSet } from '../prompts/render.ts';
import { FALLBACK_FORMAT, fallbackBrief, readFallbackAnswer } from './fallback.ts';
import { AssistantMode, chatMessages } from './request.ts';
import { findTool, toolSpecs, type AssistantTool } from './tools.ts';
import { chatBudget, fitChat } from './chat-fit.ts';
import { estimateMessages } from '../budget/tokens.ts';

/** Model calls one turn may make: enough to read, propose and answer, bounded so a looping model stops. */
export const MAX_ASSISTANT_STEPS = 8;

export interface AssistantTurnInput {
  doc: Y.Doc;
  subject: string;
  model: ChatModel;
  prompts: PromptSet;
  language: Language;
  /** The system prompt: the assistant's persona and procedure, rendered. */
  system: string;
  tools: readonly AssistantTool[];
  clock: () => number;
  newId: () => string;
  /** The reply's room (the profile's setting); unset, `ASSISTANT_MAX_TOKENS`. Never past half the context. */
  maxTokens?: number;
  signal?: AbortSignal;
  /** The reply's text as it streams (native tool mode only: a JSON answer is not for reading). */
  onToken?: (delta: string) => void;
  origin?: unknown;
}

export type AssistantTurnResult =
  | {
      ok: true;
      chat: AssistantChat;
      /** `cancelled`: the person stopped it (the signal). */
      stopped: 'answered' | 'step-cap' | 'cut' | 'cancelled';
      /** The server refused `tools`, so the turn went on as the JSON fallback. */
      toolsRefused?: true;
    }
  | ModelFailure;

/** The chat ends with the person's message and nothing after it: a failed call left it unanswered. */
export const unanswered = (chat: AssistantChat): boolean => chat.messages.at(-1)?.role === 'user';

/** `text` null: answer the chat's unanswered last message again (Retry), without storing it twice. */
export async function runAssistantTurn(
  input: AssistantTurnInput,
  text: string | null,
): Promise<AssistantTurnResult> {
  const { doc, subject } = input;
  let mode: AssistantMode = input.model.toolCalls === true ? AssistantMode.tools : AssistantMode.json;
  let toolsRefused = false;
  let chat = readAssistantChat(doc, subject);
  /** What this turn added since it last stored: appended to the chat as stored then. */
  let added: { messages: ChatMessageRecord[]; proposals: Proposal[] } = { messages: [], proposals: [] };
  const add = (m: Omit<ChatMessageRecord, 'id' | 'at'>) => {
    const record = { ...m, id: input.newId(), at: input.clock() };
    added.messages.push(record);
    chat.messages.push(record);
  };
  const propose = (p: Proposal) => {
    added.proposals.push(p);
    chat.proposals.push(p);
  };
  const save = () => {
    chat = appendToAssistantChat(doc, subject, added, input.origin, input.language);
    added = { messages: [], proposals: [] };
  };
  if (text !== null) {
    add({ role: 'user', text });
    save();
  } else if (!unanswered(chat))
    return { ok: false, code: ModelFailureCode.invalid, detail: 'The chat has no unanswered message.' };
  const systemFor = (m: AssistantMode) =>
    m === AssistantMode.tools ? input.system : `${input.system}\n\n${fallbackBrief(toolSpecs(input.tools))}`;
  let system = systemFor(mode);
  const ended = (stopped: 'answered' | 'step-cap' | 'cut' | 'cancelled'): AssistantTurnResult => ({
    ok: true,
    chat,
    stopped,
    ...(toolsRefused ? { toolsRefused: true as const } : {}),
  });
  /** What has streamed of the step's reply, kept if the person stops it. */
  let partial = '';
  const onToken =
    input.onToken &&
    ((delta: string) => {
      partial += delta;
      input.onToken?.(delta);
    });
  /** Sent after the stored chat but never stored: a cut reply and the steering, or a refused JSON answer and why. */
  let pending: ChatMessage[] = [];
  let steered = false;
  let corrected = false;
  const budget = await chatBudget(input.model, input.maxTokens);
  for (let step = 0; step < MAX_ASSISTANT_STEPS; step++) {
    partial = '';
    const tools = mode === AssistantMode.tools ? toolSpecs(input.tools) : [];
    const all = [...chatMessages(chat, system, mode), ...pending];
    const fitted = await fitChat(budget, all, tools, input.language);
    if (!fitted.ok) return fitted;
    const answer = await input.model.complete({
      messages: fitted.messages,
      ...(mode === AssistantMode.tools ? { tools } : { response_format: FALLBACK_FORMAT }),
      max_tokens: fitted.maxTokens,
      ...(input.signal ? { signal: input.signal } : {}),
      ...(onToken && mode === AssistantMode.tools ? { stream: true, onToken } : {}),
    });
    if (!answer.ok && answer.code === ModelFailureCode.toolsRefused && mode === AssistantMode.tools) {
      mode = AssistantMode.json;
      system = systemFor(mode);
      toolsRefused = true;
      continue;
    }
    if (!answer.ok && answer.code === ModelFailureCode.cancelled) {
      add({ role: 'assistant', text: partial, stopped: true });
      save();
      return ended('cancelled');
    }
    if (!answer.ok) return answer;
    if (answer.usage) budget.gauge.learn(estimateMessages(fitted.messages), answer.usage.promptTokens);
    if (answer.finishReason === 'length') {
      if (!steered) {
        steered = true;
        pending = [
          { role: 'assistant', content: answer.text },
          { role: 'user', content: renderPrompt(input.prompts, input.language, 'import/cut-off', {}) },
        ];
        continue;
      }
      add({ role: 'assistant', text: answer.text, cut: true });
      save();
      return ended('cut');
    }
    let said = answer.text;
    let calls: ToolCall[] = answer.toolCalls ?? [];
    if (mode === AssistantMode.json) {
      const read = readFallbackAnswer(answer.text, () => input.newId());
      if (!read.ok) {
        if (corrected) {
          add({ role: 'assistant', text: answer.text });
          save();
          return ended('answered');
        }
        corrected = true;
        pending = [
          { role: 'assistant', content: answer.text },
          { role: 'user', content: read.reason },
        ];
        continue;
      }
      said = read.say;
      calls = read.calls;
    }
    pending = [];
    add({
      role: 'assistant',
      text: said,
      ...(calls.length ? { calls: calls.map((c) => ({ id: c.id, tool: c.name, args: c.arguments })) } : {}),
    });
    if (calls.length === 0) {
      save();
      return ended('answered');
    }
    // Automatic mode as it is now: the person may have switched it while the model answered.
    const automatic = readAssistantChat(doc, subject).automatic;
    for (const call of calls) await runCall(input, automatic, call, add, propose);
    save();
  }
  return ended('step-cap');
}

function parseArgs(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: text.trim() === '' ? {} : (JSON.parse(text) as unknown) };
  } catch {
    return { ok: false };
  }
}

/** One call: a read answers; a write becomes a proposal (applied now in automatic mode); a refusal is an error result. */
async function runCall(
  input: AssistantTurnInput,
  automatic: boolean,
  call: ToolCall,
  add: (m: Omit<ChatMessageRecord, 'id' | 'at'>) => void,
  propose: (p: Proposal) => void,
): Promise<void> {
  const result = (text: string, proposalId?: string) =>
    add({ role: 'tool', text, callId: call.id, ...(proposalId ? { proposalId } : {}) });
  const tool = findTool(input.tools, call.name);
  if (!tool) return result(`Error: there is no tool ${call.name}. Nothing was written.`);
  const args = parseArgs(call.arguments);
  if (!args.ok) return result('Error: the arguments are not JSON. Nothing was written.');
  if (tool.kind === 'read') {
    const read = tool.run(args.value);
    return result(read.ok ? read.result : `Error: ${read.error}`);
  }
  const proposed = tool.propose(args.value);
  if (!proposed.ok) return result(`Error: ${proposed.error} Nothing was written.`);
  const { change } = proposed;
  const id = input.newId();
  const proposal: Proposal = {
    id,
    callId: call.id,
    tool: call.name,
    args: proposed.args,
    action: change.action,
    label: change.label,
    heading: change.heading,
    before: change.before,
    after: change.after,
    ...(change.warning ? { warning: change.warning } : {}),
    status: ProposalStatus.pending,
  };
  if (automatic) {
    const applied = await change.apply(input.origin);
    if (applied.ok) proposal.status = ProposalStatus.applied;
    else proposal.problem = applied.error;
  }
  propose(proposal);
  result(`Proposed as change ${id} (${change.action} “${change.label}”).`, id);
}
