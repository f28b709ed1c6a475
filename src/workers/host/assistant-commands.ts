// Assistant chat commands: the lorebook or world assistant's chat opened, a message sent through the driver's
// loop with the default backend's model and the library's prompts, a proposal applied or rejected,
// automatic mode, and the trash restored; a running turn stopped, an unanswered message retried, the
// chat's language set. The library changes only through the driver's checks.
import type { AssistantApi, AssistantTurnsApi } from '../api/assistant.ts';
import { readAssistantChat } from '../../driver/doc/assistant-chats.ts';
import { listTrash } from '../../driver/doc/library-trash.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { listPromptOverrides } from '../../driver/doc/prompt-overrides.ts';
import { decideProposal, restoreTrashed, setAutomatic } from '../../driver/assistant/decisions.ts';
import { runAssistantTurn, unanswered } from '../../driver/assistant/loop.ts';
import { libraryAssistant, type AssistantGone } from '../../driver/assistant/registry.ts';
import type { Assistant as BuiltAssistant } from '../../driver/assistant/tools.ts';
import { chatLanguage, setChatLanguage } from '../../driver/assistant/chat-language.ts';
import type { Language } from '../../driver/doc/schema.ts';
import { resolvePrompts } from '../../driver/prompts/resolve.ts';
import { PromptProblem } from '../../driver/prompts/render.ts';
import type { AssistantChatView, AssistantSubject } from '../api/assistant.ts';
import type { Failure, Result } from '../api.ts';
import type { HostContext } from './context.ts';
import { maxTokensFor, profileFor } from '../store/device-settings.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';
import { assistantModel, rememberToolsRefused } from './tools-refused.ts';

type AssistantCommands = AssistantApi & AssistantTurnsApi;

/** An assistant built in its chat's language. */
type Assistant = BuiltAssistant & { language: Language };

const invalid = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });

/** `doctor`: the session doctor of a story (host/doctor-assistant.ts), or why it cannot be opened. */
export function assistantCommands(
  ctx: HostContext,
  doctor: (storyId: string) => Promise<BuiltAssistant | Failure>,
): AssistantCommands {
  const library = () => ctx.store.library;
  /** Subjects whose chat is running a turn, with its Stop: a second message waits for the first to be answered. */
  const running = new Map<string, AbortController>();

  /** The subject's assistant in its chat's language (a new chat takes the interface's). */
  async function assistant(subject: AssistantSubject): Promise<Assistant | Failure> {
    const ui = workerUiLanguage();
    const made = await build(subject, ui);
    if ('ok' in made) return made;
    const language = chatLanguage(library(), made.subject, ui);
    const a = language === ui ? made : await build(subject, language);
    return 'ok' in a ? a : { ...a, language };
  }

  async function build(subject: AssistantSubject, language: Language): Promise<BuiltAssistant | Failure> {
    await ctx.store.ready;
    const prompts = resolvePrompts({ shipped: ctx.prompts, library: listPromptOverrides(library()) }).prompts;
    try {
      if (subject.kind === 'doctor') return await doctor(subject.id);
      const made = libraryAssistant(subject, {
        doc: library(),
        prompts,
        language,
        clock: ctx.clock,
        newId: ctx.newId,
      });
      return 'gone' in made ? { ok: false, code: 'not-found', detail: goneText(made.gone) } : made;
    } catch (error) {
      if (error instanceof PromptProblem) return { ok: false, code: 'prompt', detail: error.message };
      throw error;
    }
  }

  function view(
    a: Assistant,
    ended: Pick<AssistantChatView, 'stopped' | 'notice'> = {},
  ): Result<{ view: AssistantChatView }> {
    return {
      ok: true,
      view: {
        chat: readAssistantChat(library(), a.subject),
        welcome: a.welcome,
        trash: listTrash(library(), a.subject),
        language: a.language,
        ...ended,
      },
    };
  }

  async function changed(): Promise<void> {
    await ctx.store.flush();
    ctx.emit({ kind: 'library-changed' });
  }

  async function turn(
    a: Assistant,
    text: string | null,
    onToken: ((delta: string) => void) | undefined,
    signal: AbortSignal,
  ): Promise<Result<{ view: AssistantChatView }>> {
    const found = await ctx.modelFor('', 'authoring');
    if (!('complete' in found)) return found;
    // The backend chosen for the assistants, with the reply limit it sets for characters' turns.
    const profile = profileFor(await ctx.settings.read(), '', 'authoring');
    const model = assistantModel(found, profile);
    const maxTokens = profile && maxTokensFor(profile, 'actor');
    const prompts = resolvePrompts({
      shipped: ctx.prompts,
      library: listPromptOverrides(library()),
    }).prompts;
    const result = await runAssistantTurn(
      {
        doc: library(),
        subject: a.subject,
        model,
        prompts,
        language: a.language,
        system: a.system,
        tools: a.tools,
        clock: ctx.clock,
        newId: ctx.newId,
        origin: DocOrigin.driver,
        signal,
        ...(maxTokens !== undefined ? { maxTokens } : {}),
        ...(onToken ? { onToken } : {}),
      },
      text,
    );
    await changed();
    if (!result.ok) return result;
    if (result.toolsRefused && profile) await rememberToolsRefused(ctx.settings, profile);
    const stopped = result.stopped === 'step-cap' || result.stopped === 'cut' ? result.stopped : undefined;
    return view(a, {
      ...(stopped ? { stopped } : {}),
      ...(result.toolsRefused ? { notice: 'tools-refused' as const } : {}),
    });
  }

  /** One turn at a time per chat: a second is refused while the first runs. */
  async function exclusive(
    a: Assistant,
    text: string | null,
    onToken: ((delta: string) => void) | undefined,
  ): Promise<Result<{ view: AssistantChatView }>> {
    if (running.has(a.subject))
      return {
        ok: false,
        code: 'busy',
        detail: uiText('The assistant is still answering: wait for its reply.'),
      };
    const stop = new AbortController();
    running.set(a.subject, stop);
    try {
      return await turn(a, text, onToken, stop.signal);
    } finally {
      running.delete(a.subject);
    }
  }

  return {
    async openAssistant(subject) {
      const a = await assistant(subject);
      return 'ok' in a ? a : view(a);
    },

    async sendAssistant(subject, text, onToken) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      if (text.trim() === '') return invalid(uiText('Write a message for the assistant first.'));
      return exclusive(a, text, onToken);
    },

    async retryAssistant(subject, onToken) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      if (!unanswered(readAssistantChat(library(), a.subject)))
        return invalid(uiText('The assistant has answered the last message already: send a new one.'));
      return exclusive(a, null, onToken);
    },

    async cancelAssistant(subject) {
      const a = await assistant(subject);
      if (!('ok' in a)) running.get(a.subject)?.abort();
    },

    async setAssistantLanguage(subject, language) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      setChatLanguage(library(), a.subject, language, DocOrigin.person);
      await changed();
      const again = await assistant(subject);
      return 'ok' in again ? again : view(again);
    },

    async decideProposal(subject, proposalId, decision) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      const decided = await decideProposal(
        library(),
        a.subject,
        a.tools,
        proposalId,
        decision,
        DocOrigin.person,
      );
      await changed();
      if (decided.ok) return view(a);
      switch (decided.code) {
        case 'unknown':
          return invalid(uiText('That proposed change is no longer in this chat.'));
        case 'decided':
          return invalid(uiText('That change was already applied or rejected.'));
        case 'refused':
          return invalid(uiText('The change was not applied: {reason}', { reason: decided.detail }));
        default:
          return decided satisfies never;
      }
    },

    async setAssistantAutomatic(subject, automatic) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      setAutomatic(library(), a.subject, automatic, DocOrigin.person);
      await changed();
      return view(a);
    },

    async restoreFromTrash(subject, trashId) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      const restored = restoreTrashed(library(), trashId, ctx.newId, DocOrigin.person);
      await changed();
      if (restored.ok) return view(a);
      switch (restored.code) {
        case 'unknown':
          return invalid(uiText('That entry is no longer in the trash.'));
        case 'no-book':
          return invalid(uiText('This lorebook is no longer in the library.'));
        case 'no-world':
          return invalid(uiText('This world is no longer in the library.'));
        case 'no-preset':
          return invalid(uiText('This preset is no longer in the library.'));
        case 'invalid':
          return invalid(uiText('The entry was not restored: {reason}', { reason: restored.detail ?? '' }));
        case 'taken':
          return invalid(
            uiText(
              'The prompt {path} was not restored: it holds another text now, which restoring would overwrite. Delete that prompt first (it goes to the trash too), then restore this one.',
              { path: restored.detail ?? '' },
            ),
          );
        default:
          return restored.code satisfies never;
      }
    },
  };
}

/** Why an assistant cannot be opened: what it worked on is no longer in the library. */
function goneText(gone: AssistantGone): string {
  switch (gone) {
    case 'lorebook':
      return uiText('This lorebook is no longer in the library.');
    case 'world':
      return uiText('This world is no longer in the library.');
    case 'preset':
      return uiText('This preset is no longer in the library.');
    case 'character':
      return uiText('That character is no longer in the library.');
    default:
      return gone satisfies never;
  }
}
