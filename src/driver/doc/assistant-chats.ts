// The assistant chats of the library doc: `assistantChats` subject id ("lorebook:<id>") → one chat,
// stored as a whole value (messages, tool calls, the proposals waiting for the person, the automatic
// flag, the language its prompts are in). One chat per subject; a chat from a newer or foreign peer that does not parse is read as none.
import type * as Y from 'yjs';
import { z } from 'zod';
import { languageSchema } from './schema.ts';
import { changeHeadingSchema } from './change-heading.ts';

const KEY = { chats: 'assistantChats' } as const;

export const ProposalStatus = { pending: 'pending', applied: 'applied', rejected: 'rejected' } as const;
export type ProposalStatus = (typeof ProposalStatus)[keyof typeof ProposalStatus];

export const toolCallRecordSchema = z.object({
  id: z.string().min(1),
  tool: z.string().min(1),
  /** The arguments as the model wrote them (JSON text). */
  args: z.string(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

export const chatMessageRecordSchema = z.object({
  id: z.string().min(1),
  role: z.enum(['user', 'assistant', 'tool']),
  text: z.string(),
  at: z.number(),
  /** An assistant message's tool calls. */
  calls: z.array(toolCallRecordSchema).optional(),
  /** A tool message: the call it answers, and the proposal it made (when the tool writes). */
  callId: z.string().optional(),
  proposalId: z.string().optional(),
  /** The reply reached the response limit even after the cut-off steering: shown as cut, never silently. */
  cut: z.boolean().optional(),
  /** The person stopped the reply while it came: what had come is kept, marked, never passed off as whole. */
  stopped: z.boolean().optional(),
});
export type ChatMessageRecord = z.infer<typeof chatMessageRecordSchema>;

export const proposalSchema = z.object({
  id: z.string().min(1),
  callId: z.string(),
  tool: z.string().min(1),
  /** The validated arguments the change is made from again at Apply. */
  args: z.unknown(),
  /** What the change does, to which thing (the app words it). */
  action: z.enum(['create', 'edit', 'delete', 'settings']),
  label: z.string(),
  /** What kind of thing it changes, for its heading; absent in a proposal stored before it was kept. */
  heading: changeHeadingSchema.optional().catch(undefined),
  before: z.string(),
  after: z.string(),
  status: z.enum([ProposalStatus.pending, ProposalStatus.applied, ProposalStatus.rejected]),
  /** Why Apply could not write it (the subject changed meanwhile, a check refused it). */
  problem: z.string().optional(),
  /** What the person must know before applying it (a rules prompt rewritten), in their language. */
  warning: z.string().optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const assistantChatSchema = z.object({
  subject: z.string().min(1),
  /** Writes are applied as they are proposed, without asking: the person turned it on for this chat. */
  automatic: z.boolean().default(false),
  /** The language of its prompts, chosen when it is made; absent in a chat stored before it was kept. */
  language: languageSchema.optional(),
  messages: z.array(chatMessageRecordSchema).default([]),
  proposals: z.array(proposalSchema).default([]),
});
export type AssistantChat = z.infer<typeof assistantChatSchema>;

const chats = (doc: Y.Doc) => doc.getMap<unknown>(KEY.chats);

/** The subject's chat, or a new empty one (not stored until written). */
export function readAssistantChat(doc: Y.Doc, subject: string): AssistantChat {
  const parsed = assistantChatSchema.safeParse(chats(doc).get(subject));
  return parsed.success ? parsed.data : assistantChatSchema.parse({ subject });
}

export function writeAssistantChat(doc: Y.Doc, chat: AssistantChat, origin?: unknown): void {
  const valid = assistantChatSchema.parse(chat);
  doc.transact(() => chats(doc).set(valid.subject, valid), origin);
}

/**
 * Adds a turn's new messages and proposals to the chat as it is stored now, keeping what was decided
 * meanwhile (an Apply, a Reject, automatic mode switched): a running turn never writes back its older copy.
 */
export function appendToAssistantChat(
  doc: Y.Doc,
  subject: string,
  added: { messages: readonly ChatMessageRecord[]; proposals: readonly Proposal[] },
  origin?: unknown,
  /** The language a chat stored without one takes (it is being made). */
  language?: AssistantChat['language'],
): AssistantChat {
  const stored = readAssistantChat(doc, subject);
  const messageIds = new Set(stored.messages.map((m) => m.id));
  const proposalIds = new Set(stored.proposals.map((p) => p.id));
  const chat: AssistantChat = {
    ...stored,
    ...(stored.language || !language ? {} : { language }),
    messages: [...stored.messages, ...added.messages.filter((m) => !messageIds.has(m.id))],
    proposals: [...stored.proposals, ...added.proposals.filter((p) => !proposalIds.has(p.id))],
  };
  writeAssistantChat(doc, chat, origin);
  return chat;
}
