// The part of the worker's API about an assistant turn in flight and the chat's language: Stop a
// reply while it comes, Retry a message a failed call left unanswered, and the language the chat's
// prompts are in. Re-exported by api.ts.
import type { AssistantChatView, AssistantSubject } from './api/assistant.ts';
import type { Language, Result } from './api.ts';

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
