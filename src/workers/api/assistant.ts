// The part of the worker's API about assistant chats: a chat with a model that reads and writes one
// part of the library through tools, every write a proposal the person applies or rejects (or an
// automatic mode they turn on per chat), deletes kept in a trash they can restore from. The lorebook
// assistant's subject is one library book; the world authoring assistant's, one library world. Also a
// turn in flight (Stop, Retry) and the chat's language, and the preset assistant's start from a
// SillyTavern file. Re-exported by api.ts.
import type { AssistantChat, Proposal } from '../../driver/doc/assistant-chats.ts';
import type { TrashedItem } from '../../driver/doc/library-trash.ts';
import type { Language } from '../../driver/doc/schema.ts';
import type { SillyTavernReport } from '../../driver/presets/sillytavern.ts';
import type { Result } from './result.ts';
export type { AssistantChat, ChatMessageRecord, Proposal } from '../../driver/doc/assistant-chats.ts';
export type { TrashedItem } from '../../driver/doc/library-trash.ts';
export type { AssistantSubject } from '../../driver/assistant/registry.ts';
import type { AssistantSubject } from '../../driver/assistant/registry.ts';

export interface AssistantChatView {
  chat: AssistantChat;
  /** The assistant's first words (its welcome prompt), shown before the chat; never sent to the model. */
  welcome: string;
  /** The subject's trash, newest first. */
  trash: TrashedItem[];
  /** How the last turn ended when it did not simply answer: the step cap, or a reply cut at the response limit. */
  stopped?: 'step-cap' | 'cut';
  /** The language of the chat's prompts (chosen when it was made; the person may change it). */
  language: Language;
  /** Said once, on the turn it happened: the server refused tool calls, so the chat uses JSON on it from now. */
  notice?: 'tools-refused';
}

export interface AssistantApi {
  openAssistant(subject: AssistantSubject): Promise<Result<{ view: AssistantChatView }>>;
  /** Sends the person's message; the reply's text streams to `onToken` (a Comlink proxy). */
  sendAssistant(
    subject: AssistantSubject,
    text: string,
    onToken?: (delta: string) => void,
  ): Promise<Result<{ view: AssistantChatView }>>;
  /** Apply writes the proposal (checked as the editor checks it); Reject leaves the subject as it is. */
  decideProposal(
    subject: AssistantSubject,
    proposalId: Proposal['id'],
    decision: 'apply' | 'reject',
  ): Promise<Result<{ view: AssistantChatView }>>;
  /** Automatic mode: the chat's writes are applied as they are proposed, without asking. */
  setAssistantAutomatic(
    subject: AssistantSubject,
    automatic: boolean,
  ): Promise<Result<{ view: AssistantChatView }>>;
  restoreFromTrash(subject: AssistantSubject, trashId: string): Promise<Result<{ view: AssistantChatView }>>;
}

/** An assistant turn in flight and the chat's language. */
export interface AssistantTurnsApi {
  /** Stops the subject's running turn: what had come of the reply is kept, marked as stopped. */
  cancelAssistant(subject: AssistantSubject): Promise<void>;
  /** Sends the chat's unanswered last message again (it is not stored twice). */
  retryAssistant(
    subject: AssistantSubject,
    onToken?: (delta: string) => void,
  ): Promise<Result<{ view: AssistantChatView }>>;
  setAssistantLanguage(
    subject: AssistantSubject,
    language: Language,
  ): Promise<Result<{ view: AssistantChatView }>>;
}

/** The preset assistant beyond the shared chat: a preset made from a SillyTavern preset by the model. */
export interface PresetAssistantApi {
  /**
   * Reads a SillyTavern preset file's text as the deterministic import does, makes a new library
   * preset with its title, description and sampling but no prompts, and opens the preset's assistant
   * chat with the file's prose, asking the model to write every prose prompt in every shipped
   * language: each write is a proposal the person applies. The report is in `reportLanguage`.
   */
  makePresetWithModel(
    text: string,
    options: { title: string; reportLanguage: Language },
    onToken?: (delta: string) => void,
  ): Promise<Result<{ presetId: string; report: SillyTavernReport; view: AssistantChatView }>>;
}
