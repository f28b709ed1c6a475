// An assistant chat as the model reads it: the system prompt, then the stored messages — with native
// tool calls and tool messages, or, in the JSON fallback, each answer as its JSON and each result as a
// user message. A write's result tells the proposal's status now (waiting, applied, rejected), so
// the person's decisions since reach the model without being stored twice.
import type { AssistantChat, ChatMessageRecord, Proposal } from '../doc/assistant-chats.ts';
import type { ChatMessage } from '../model.ts';

export const AssistantMode = { tools: 'tools', json: 'json' } as const;
export type AssistantMode = (typeof AssistantMode)[keyof typeof AssistantMode];

function proposalState(p: Proposal | undefined): string {
  if (!p) return '';
  switch (p.status) {
    case 'pending':
      return p.problem
        ? ` Apply failed, nothing was written: ${p.problem}`
        : " Waiting for the person's approval: nothing is written yet.";
    case 'applied':
      return ' The person applied it: it is written.';
    case 'rejected':
      return ' The person rejected it: nothing was written.';
    default:
      return p.status satisfies never;
  }
}

function resultText(m: ChatMessageRecord, chat: AssistantChat): string {
  const proposal = m.proposalId ? chat.proposals.find((p) => p.id === m.proposalId) : undefined;
  return m.text + proposalState(proposal);
}

export function chatMessages(chat: AssistantChat, system: string, mode: AssistantMode): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'system', content: system }];
  for (const m of chat.messages) {
    switch (m.role) {
      case 'user':
        out.push({ role: 'user', content: m.text });
        break;
      case 'assistant':
        if (mode === AssistantMode.tools)
          out.push({
            role: 'assistant',
            content: m.text,
            ...(m.calls?.length
              ? { toolCalls: m.calls.map((c) => ({ id: c.id, name: c.tool, arguments: c.args })) }
              : {}),
          });
        else
          out.push({
            role: 'assistant',
            content: JSON.stringify({
              say: m.text,
              ...(m.calls?.length
                ? { calls: m.calls.map((c) => ({ tool: c.tool, args: safeArgs(c.args) })) }
                : {}),
            }),
          });
        break;
      case 'tool': {
        const text = resultText(m, chat);
        if (mode === AssistantMode.tools)
          out.push({ role: 'tool', content: text, toolCallId: m.callId ?? '' });
        else {
          // Consecutive results of one answer go back as one user message.
          const line = `Result of call ${m.callId ?? ''}: ${text}`;
          const last = out.at(-1);
          if (last?.role === 'user' && last.content.startsWith('Result of call')) last.content += `\n${line}`;
          else out.push({ role: 'user', content: line });
        }
        break;
      }
      default:
        m.role satisfies never;
    }
  }
  return out;
}

function safeArgs(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
